import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { ingestionPolicyCases } from './ingestion.route-cases.js';

describeRoutePolicy(usePolicyWorld(), ingestionPolicyCases);
