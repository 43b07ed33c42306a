import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { annotationsInputCases } from './annotations.route-cases.js';

describeBadInput(useInputWorld(), annotationsInputCases);
