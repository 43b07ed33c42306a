import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { retentionPolicyCases } from './retention.route-cases.js';

describeRoutePolicy(usePolicyWorld(), retentionPolicyCases);
