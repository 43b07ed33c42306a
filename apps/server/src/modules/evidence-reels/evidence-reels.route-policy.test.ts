import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { evidenceReelsPolicyCases } from './evidence-reels.route-cases.js';

describeRoutePolicy(usePolicyWorld(), evidenceReelsPolicyCases);
