import type { Platform, TestState, TestSummary } from '@limbus/contract';

export type PlatformFilter = 'all' | Platform;
/** No state chosen shows every state; otherwise the chosen ones. */
export type ResearchFilters = { search: string; platform: PlatformFilter; states: readonly TestState[] };

export const NO_FILTERS: ResearchFilters = { search: '', platform: 'all', states: [] };

/** The research list's rows: test summaries, which carry the requester's names. */
export type ResearchTest = Pick<TestSummary, 'id' | 'name' | 'platform' | 'state' | 'company' | 'requester'>;

export const requesterName = (test: ResearchTest) =>
  test.requester ? `${test.requester.profile.first_name} ${test.requester.profile.last_name}`.trim() : '';

/** The search matches the test name, the company name and the requester's first and last name. */
function matchesSearch(test: ResearchTest, needle: string): boolean {
  if (!needle) return true;
  const profile = test.requester?.profile;
  return [test.name, test.company.name, profile?.first_name ?? '', profile?.last_name ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

export function filterResearchTests<T extends ResearchTest>(
  tests: readonly T[],
  filters: ResearchFilters,
): T[] {
  const needle = filters.search.trim().toLowerCase();
  return tests.filter(
    (test) =>
      (filters.platform === 'all' || test.platform === filters.platform) &&
      (filters.states.length === 0 || filters.states.includes(test.state)) &&
      matchesSearch(test, needle),
  );
}

/** One page of rows (1-based); a page beyond the last shows the last. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return { page: current, pages, rows: rows.slice((current - 1) * pageSize, current * pageSize) };
}

/** View: the video summary for video tests, else the overview (spec 2 §2 Research list). */
export const researchViewHref = (test: Pick<TestSummary, 'id' | 'platform'>) =>
  test.platform === 'video' ? `/video-test/${test.id}/summary` : `/test/${test.id}/overview`;
