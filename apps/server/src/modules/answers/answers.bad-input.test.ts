import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { answersInputCases } from './answers.route-cases.js';

describeBadInput(useInputWorld(), answersInputCases);
