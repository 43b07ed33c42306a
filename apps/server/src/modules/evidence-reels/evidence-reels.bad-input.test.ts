import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { evidenceReelsInputCases } from './evidence-reels.route-cases.js';

describeBadInput(useInputWorld(), evidenceReelsInputCases);
