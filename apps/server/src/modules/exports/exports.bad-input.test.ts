import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { exportsInputCases } from './exports.route-cases.js';

describeBadInput(useInputWorld(), exportsInputCases);
