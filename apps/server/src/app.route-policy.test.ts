import { describeRoutePolicy, usePolicyWorld } from '../test/route-policy-matrix.js';
import { appPolicyCases } from './app.route-cases.js';

describeRoutePolicy(usePolicyWorld(), appPolicyCases);
