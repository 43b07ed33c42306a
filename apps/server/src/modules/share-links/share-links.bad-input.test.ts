import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { shareLinksInputCases } from './share-links.route-cases.js';

describeBadInput(useInputWorld(), shareLinksInputCases);
