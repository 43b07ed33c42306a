import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { processingRecordPolicyCases } from './processing-record.route-cases.js';

describeRoutePolicy(usePolicyWorld(), processingRecordPolicyCases);
