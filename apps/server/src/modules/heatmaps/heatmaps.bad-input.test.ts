import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { heatmapsInputCases } from './heatmaps.route-cases.js';

describeBadInput(useInputWorld(), heatmapsInputCases);
