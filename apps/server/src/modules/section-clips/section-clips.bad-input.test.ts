import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { sectionClipsInputCases } from './section-clips.route-cases.js';

describeBadInput(useInputWorld(), sectionClipsInputCases);
