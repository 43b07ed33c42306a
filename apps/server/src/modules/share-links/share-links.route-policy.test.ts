import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { shareLinksPolicyCases } from './share-links.route-cases.js';

describeRoutePolicy(usePolicyWorld(), shareLinksPolicyCases);
