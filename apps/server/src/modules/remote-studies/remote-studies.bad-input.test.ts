import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { remoteStudiesInputCases } from './remote-studies.route-cases.js';

describeBadInput(useInputWorld(), remoteStudiesInputCases);
