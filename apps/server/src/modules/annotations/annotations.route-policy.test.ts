import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { annotationsPolicyCases } from './annotations.route-cases.js';

describeRoutePolicy(usePolicyWorld(), annotationsPolicyCases);
