import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { benchmarkInputCases } from './benchmark.route-cases.js';

describeBadInput(useInputWorld(), benchmarkInputCases);
