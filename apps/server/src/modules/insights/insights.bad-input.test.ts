import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { useInputWorld } from '../../../test/bad-input-world.js';
import { insightsInputCases } from './insights.route-cases.js';

describeBadInput(useInputWorld(), insightsInputCases);
