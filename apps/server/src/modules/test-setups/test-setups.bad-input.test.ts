import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { testSetupsInputCases } from './test-setups.route-cases.js';

describeBadInput(useInputWorld(), testSetupsInputCases);
