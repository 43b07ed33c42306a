import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { suggestionsPolicyCases } from './suggestions.route-cases.js';

describeRoutePolicy(usePolicyWorld(), suggestionsPolicyCases);
