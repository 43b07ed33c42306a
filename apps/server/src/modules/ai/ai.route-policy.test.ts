import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { aiPolicyCases } from './ai.route-cases.js';

describeRoutePolicy(usePolicyWorld(), aiPolicyCases);
