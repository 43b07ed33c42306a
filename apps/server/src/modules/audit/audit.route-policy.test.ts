import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { auditPolicyCases } from './audit.route-cases.js';

describeRoutePolicy(usePolicyWorld(), auditPolicyCases);
