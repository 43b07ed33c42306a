import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { supportInputCases } from './support.route-cases.js';

describeBadInput(useInputWorld(), supportInputCases);
