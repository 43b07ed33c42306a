import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { qualityInputCases } from './quality.route-cases.js';

describeBadInput(useInputWorld(), qualityInputCases);
