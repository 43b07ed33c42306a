import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { accessInputCases } from './access.route-cases.js';

describeBadInput(useInputWorld(), accessInputCases);
