import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { qualityPolicyCases } from './quality.route-cases.js';

describeRoutePolicy(usePolicyWorld(), qualityPolicyCases);
