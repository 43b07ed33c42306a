import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { retentionInputCases } from './retention.route-cases.js';

describeBadInput(useInputWorld(), retentionInputCases);
