import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { resourcesPolicyCases } from './resources.route-cases.js';

describeRoutePolicy(usePolicyWorld(), resourcesPolicyCases);
