import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { processingRecordInputCases } from './processing-record.route-cases.js';

describeBadInput(useInputWorld(), processingRecordInputCases);
