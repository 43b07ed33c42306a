import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { cohortAgreementPolicyCases } from './cohort-agreement.route-cases.js';

describeRoutePolicy(usePolicyWorld(), cohortAgreementPolicyCases);
