import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { insightsPolicyCases } from './insights.route-cases.js';

describeRoutePolicy(usePolicyWorld(), insightsPolicyCases);
