import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { journeyInputCases } from './journey.route-cases.js';

describeBadInput(useInputWorld(), journeyInputCases);
