import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { sectionClipsPolicyCases } from './section-clips.route-cases.js';

describeRoutePolicy(usePolicyWorld(), sectionClipsPolicyCases);
