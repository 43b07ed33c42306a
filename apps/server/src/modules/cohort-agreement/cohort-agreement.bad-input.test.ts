import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { cohortAgreementInputCases } from './cohort-agreement.route-cases.js';

describeBadInput(useInputWorld(), cohortAgreementInputCases);
