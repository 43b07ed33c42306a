import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { videoTestsPolicyCases } from './video-tests.route-cases.js';

describeRoutePolicy(usePolicyWorld(), videoTestsPolicyCases);
