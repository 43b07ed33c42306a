import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { voicePolicyCases } from './voice.route-cases.js';

describeRoutePolicy(usePolicyWorld(), voicePolicyCases);
