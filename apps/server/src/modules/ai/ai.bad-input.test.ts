import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { aiInputCases } from './ai.route-cases.js';

describeBadInput(useInputWorld(), aiInputCases);
