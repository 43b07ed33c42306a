import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { voiceInputCases } from './voice.route-cases.js';

describeBadInput(useInputWorld(), voiceInputCases);
