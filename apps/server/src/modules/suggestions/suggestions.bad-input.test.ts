import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { suggestionsInputCases } from './suggestions.route-cases.js';

describeBadInput(useInputWorld(), suggestionsInputCases);
