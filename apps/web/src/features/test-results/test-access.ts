import type { TestDetail, User } from '@limbus/contract';
import { isDemoUser } from '../auth/permissions';

type AccessUser = Pick<User, 'role' | 'company'> | null | undefined;
type AccessTest = Pick<TestDetail, 'id' | 'test_type' | 'platform'>;

/** Pages of the Professional tier (spec 3 §2 routes, §6): pages, tags, journey, benchmark. */
const PROFESSIONAL_ONLY_PAGES = ['page-insights', 'tags', 'journey', 'benchmark'];

/** The page of a results address: `/test/4/tags/2` → ['test', 'tags', '2']; trailing slashes ignored. */
function pageOf(pathname: string): { section: string; segments: string[] } {
  const [section = '', , ...segments] = pathname.split('/').filter(Boolean);
  return { section, segments };
}

export function isProfessionalOnlyPage(pathname: string): boolean {
  const { section, segments } = pageOf(pathname);
  return section === 'test' && PROFESSIONAL_ONLY_PAGES.includes(segments[0] ?? '');
}

export function introductionHref(test: Pick<AccessTest, 'id' | 'platform'>): string {
  return test.platform === 'video' ? `/test/${test.id}/demo?type=video` : `/test/${test.id}/demo`;
}

/**
 * Where a results address must send the user instead, or null to stay (spec 3 §2 'Access redirects').
 * - Role demo: every test page goes to the introduction, except the introduction itself and, once the
 *   user pressed 'Continue to test' there (`introductionSeen`, kept for the browser tab), the pages of
 *   that test. The spec's exception list is not shown; this is our choice, so that the introduction
 *   comes first and 'Continue to test' does not loop. A video test keeps ?type=video so that the
 *   button leads to the video summary.
 * - An Essential test on a Professional-only page goes to /test/{id}/locked.
 */
export function accessRedirect(
  test: AccessTest,
  user: AccessUser,
  pathname: string,
  introductionSeen = false,
): string | null {
  const { section, segments } = pageOf(pathname);
  const isIntroduction = section === 'test' && segments[0] === 'demo';
  if (isDemoUser(user) && !isIntroduction && !introductionSeen) return introductionHref(test);
  if (test.test_type === 'essential' && isProfessionalOnlyPage(pathname)) return `/test/${test.id}/locked`;
  return null;
}

/** The report button of the results header: a preview until the test is done. */
export function reportLabel(test: Pick<TestDetail, 'state'>): string {
  return test.state === 'done' ? 'View report' : 'Preview report';
}

/** The prefilled support message of the locked screen's Upgrade button. */
export function upgradeMessage(test: Pick<TestDetail, 'name' | 'company'>): string {
  return `I would like to upgrade the test “${test.name}” of ${test.company.name} to Professional.`;
}
