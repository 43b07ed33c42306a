export { testKeys, testQuery, useRecentTests, useTest, useTests } from './api';
export { DeviceSelector } from './components/device-selector';
export { StateBubbles } from './components/state-bubbles';
export { namesCompanies, TestCard } from './components/test-card';
export { TestsList } from './components/tests-list';
export { filterTests, NO_FILTERS, type PlatformFilter, type TestFilters } from './test-filters';
export { platformLabel, stateLabel, TEST_STATE_COLORS } from './test-labels';
export { pickerOptions, researchHref, resultsHref, testHref } from './test-links';
