import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { predictionsInputCases } from './predictions.route-cases.js';

describeBadInput(useInputWorld(), predictionsInputCases);
