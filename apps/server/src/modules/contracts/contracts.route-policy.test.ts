import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { contractsPolicyCases } from './contracts.route-cases.js';

describeRoutePolicy(usePolicyWorld(), contractsPolicyCases);
