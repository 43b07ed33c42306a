import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { participantsInputCases } from './participants.route-cases.js';

describeBadInput(useInputWorld(), participantsInputCases);
