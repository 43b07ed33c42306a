import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { erasuresPolicyCases } from './erasures.route-cases.js';

describeRoutePolicy(usePolicyWorld(), erasuresPolicyCases);
