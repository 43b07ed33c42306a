import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { supportPolicyCases } from './support.route-cases.js';

describeRoutePolicy(usePolicyWorld(), supportPolicyCases);
