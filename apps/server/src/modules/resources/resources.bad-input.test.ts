import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { resourcesInputCases } from './resources.route-cases.js';

describeBadInput(useInputWorld(), resourcesInputCases);
