import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { exportsPolicyCases } from './exports.route-cases.js';

describeRoutePolicy(usePolicyWorld(), exportsPolicyCases);
