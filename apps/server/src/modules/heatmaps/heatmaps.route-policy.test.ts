import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { heatmapsPolicyCases } from './heatmaps.route-cases.js';

describeRoutePolicy(usePolicyWorld(), heatmapsPolicyCases);
