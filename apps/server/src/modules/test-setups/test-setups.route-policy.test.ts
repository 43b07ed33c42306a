import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { testSetupsPolicyCases } from './test-setups.route-cases.js';

describeRoutePolicy(usePolicyWorld(), testSetupsPolicyCases);
