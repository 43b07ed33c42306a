import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { erasuresInputCases } from './erasures.route-cases.js';

describeBadInput(useInputWorld(), erasuresInputCases);
