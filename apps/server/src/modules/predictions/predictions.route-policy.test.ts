import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { predictionsPolicyCases } from './predictions.route-cases.js';

describeRoutePolicy(usePolicyWorld(), predictionsPolicyCases);
