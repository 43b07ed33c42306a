import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { consentInputCases } from './consent.route-cases.js';

describeBadInput(useInputWorld(), consentInputCases);
