import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { benchmarkPolicyCases } from './benchmark.route-cases.js';

describeRoutePolicy(usePolicyWorld(), benchmarkPolicyCases);
