import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { participantsPolicyCases } from './participants.route-cases.js';

describeRoutePolicy(usePolicyWorld(), participantsPolicyCases);
