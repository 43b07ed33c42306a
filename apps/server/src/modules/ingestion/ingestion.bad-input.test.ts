import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { ingestionInputCases } from './ingestion.route-cases.js';

describeBadInput(useInputWorld(), ingestionInputCases);
