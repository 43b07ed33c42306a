export { testKeys, useRecentTests, useTest, useTests } from './api';
export { TestsTable } from './components/tests-table';
export { platformLabel, stateLabel, TEST_STATE_COLORS } from './test-labels';
export { pickerOptions, researchHref, resultsHref, testHref } from './test-links';
