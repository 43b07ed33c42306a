import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { remoteStudiesPolicyCases } from './remote-studies.route-cases.js';

describeRoutePolicy(usePolicyWorld(), remoteStudiesPolicyCases);
