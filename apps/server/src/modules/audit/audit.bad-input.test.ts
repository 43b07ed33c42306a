import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { auditInputCases } from './audit.route-cases.js';

describeBadInput(useInputWorld(), auditInputCases);
