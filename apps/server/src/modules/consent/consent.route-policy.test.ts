import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { consentPolicyCases } from './consent.route-cases.js';

describeRoutePolicy(usePolicyWorld(), consentPolicyCases);
