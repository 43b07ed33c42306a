import type { Platform, TestState, TestSummary } from '@limbus/contract';

export type PlatformFilter = 'all' | Platform;

export type TestFilters = {
  search: string;
  platform: PlatformFilter;
  /** The state bubbles switched on; none means every state. */
  states: readonly TestState[];
};

export const NO_FILTERS: TestFilters = { search: '', platform: 'all', states: [] };

/** The tests of /tests/ that match the search (on the name), the platform select and the state bubbles. */
export function filterTests<T extends Pick<TestSummary, 'name' | 'platform' | 'state'>>(
  tests: readonly T[],
  { search, platform, states }: TestFilters,
): T[] {
  const needle = search.trim().toLowerCase();
  return tests.filter(
    (test) =>
      test.name.toLowerCase().includes(needle) &&
      (platform === 'all' || test.platform === platform) &&
      (states.length === 0 || states.includes(test.state)),
  );
}
