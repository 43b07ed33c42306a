import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { journeyPolicyCases } from './journey.route-cases.js';

describeRoutePolicy(usePolicyWorld(), journeyPolicyCases);
