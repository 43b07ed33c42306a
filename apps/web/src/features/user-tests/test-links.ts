import type { TestSummary } from '@limbus/contract';

type LinkableTest = Pick<TestSummary, 'id' | 'state' | 'platform'>;

/** Results of a done test: the overview (web) or the video summary (video). */
export function resultsHref(test: Pick<TestSummary, 'id' | 'platform'>): string {
  return test.platform === 'video' ? `/video-test/${test.id}/summary/` : `/test/${test.id}/overview/`;
}

/** Where a test card or row leads: results when done, else the ordering flow (spec 1 §2 /home). */
export function testHref(test: LinkableTest): string {
  if (test.state === 'done') return resultsHref(test);
  return test.platform === 'video' ? `/create-test/video/${test.id}` : `/create-test/web/${test.id}`;
}

export function researchHref(test: Pick<TestSummary, 'id'>): string {
  return `/research/test/${test.id}/test-setup`;
}

/** The sidebar test picker: every test in research, else only done tests linking to their results. */
export function pickerOptions(
  tests: readonly TestSummary[],
  inResearch: boolean,
): Array<{ value: string; label: string; href: string }> {
  const listed = inResearch ? tests : tests.filter((test) => test.state === 'done');
  return listed.map((test) => ({
    value: String(test.id),
    label: test.name,
    href: inResearch ? researchHref(test) : resultsHref(test),
  }));
}
