import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { answersPolicyCases } from './answers.route-cases.js';

describeRoutePolicy(usePolicyWorld(), answersPolicyCases);
