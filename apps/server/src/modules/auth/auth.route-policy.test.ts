import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { authPolicyCases } from './auth.route-cases.js';

describeRoutePolicy(usePolicyWorld(), authPolicyCases);
