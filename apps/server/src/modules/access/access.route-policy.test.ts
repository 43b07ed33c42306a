import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { accessPolicyCases } from './access.route-cases.js';

describeRoutePolicy(usePolicyWorld(), accessPolicyCases);
