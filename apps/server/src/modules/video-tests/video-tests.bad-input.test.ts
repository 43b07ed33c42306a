import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { videoTestsInputCases } from './video-tests.route-cases.js';

describeBadInput(useInputWorld(), videoTestsInputCases);
