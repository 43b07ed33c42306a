import type { Reader } from './policies.js';

/**
 * Who may open which results screen of a test (spec 3 §2 'Access redirects', §6), decided here
 * for the web app (where to send the user) and the server (what data to refuse) alike.
 */

/** Who reads: role and whether they see every test (companyId does not matter here). */
export type ResultsReader = Pick<Reader, 'role' | 'seesEveryTest'>;
export type ResultsTest = {
  id: number;
  state: string;
  test_type: 'essential' | 'professional';
  platform: string;
};

/**
 * The Professional tier's screens (spec 3 §6): pages, tags, journey, benchmark, and sections,
 * which rank the top ten pages (page rankings are Professional; docs/decisions/results-screens.md).
 */
export const PROFESSIONAL_PAGES = [
  'page-insights',
  'tags',
  'sections',
  'journey',
  'benchmark',
  'section-video',
] as const;

/** The Professional tier's data (page rankings are the pages data): the server answers 403 to client users of an Essential test. */
export const PROFESSIONAL_DATA = ['pages', 'tags', 'journey', 'benchmark', 'section-video'] as const;
export type ProfessionalData = (typeof PROFESSIONAL_DATA)[number];

/**
 * The consultant findings (insights) an Essential test shows, by assigned number; the locked screen
 * offers 'Three extra consultant findings' with Professional (docs/decisions/results-screens.md).
 */
export const ESSENTIAL_INSIGHTS = 3;

/**
 * Screens a demo user reads once past the introduction (docs/decisions/results-screens.md):
 * everything that only shows results. Anything else under a test (writing a suggestion, say) goes
 * to the introduction.
 */
export const DEMO_READABLE_PAGES = [
  'overview',
  'insights',
  'page-insights',
  'tags',
  'sections',
  'heatmaps',
  'participants',
  'participant',
  'suggestions',
  'journey',
  'benchmark',
  'section-video',
  'locked',
  'demo',
  'summary',
  'scenes',
  'dynamic-analysis',
  'moments',
  'qualitative-feedback',
] as const;

/** Client users read a test's results once it is done; staff in every state. */
export const mayOpenResults = (reader: ResultsReader, test: Pick<ResultsTest, 'state'>) =>
  reader.seesEveryTest || test.state === 'done';

/** Whether the reader gets the Professional data of this test (staff always). */
export const getsProfessionalData = (reader: ResultsReader, test: Pick<ResultsTest, 'test_type'>) =>
  reader.seesEveryTest || test.test_type === 'professional';

/**
 * Whether the reader sees a test's individual participants: a video test's participants are the
 * add-on individual_participant (spec 3 §6), staff always see them.
 */
export const readsIndividualParticipants = (
  reader: ResultsReader,
  test: { platform: string; addons: readonly string[] },
) => reader.seesEveryTest || test.platform !== 'video' || test.addons.includes('individual_participant');

/** The first segments of a results address: `/test/4/tags/2` → { section: 'test', page: 'tags', rest: ['2'] }. */
export function resultsPageOf(pathname: string): { section: string; page: string; rest: string[] } {
  const [section = '', , page = '', ...rest] = pathname.split('/').filter(Boolean);
  return { section, page, rest };
}

export const isProfessionalPage = (pathname: string) => {
  const { section, page } = resultsPageOf(pathname);
  return section === 'test' && (PROFESSIONAL_PAGES as readonly string[]).includes(page);
};

/** Whether a demo user may stay on this address (a read-only screen, not a form). */
export function isDemoReadable(pathname: string): boolean {
  const { page, rest } = resultsPageOf(pathname);
  if (page === 'suggestions' && (rest[0] === 'new' || rest[1] === 'edit')) return false;
  return (DEMO_READABLE_PAGES as readonly string[]).includes(page);
}

/** The introduction of a test: video tests keep ?type=video so that 'Continue to test' leads to their summary. */
export const introductionPath = (test: Pick<ResultsTest, 'id' | 'platform'>) =>
  test.platform === 'video' ? `/test/${test.id}/demo?type=video` : `/test/${test.id}/demo`;

/**
 * Where a results address must send the reader instead, or null to stay:
 * - a test the reader may not open yet (a client's test that is not done) → /tests;
 * - role demo: the introduction first (until 'Continue to test' in this tab), then only the
 *   read-only screens; anything else → the introduction;
 * - a video test's screen (/video-test/{id}/…, the research area's scenes, moments, dynamic
 *   analysis and qualitative feedback) of a test that is not a video test → that test's overview
 *   (the research area: its participants), as only a video test has these results;
 * - an Essential test on a Professional page → /test/{id}/locked (staff too: they see what the
 *   client sees; the research area has its own screens).
 */
export function resultsRedirect(
  test: ResultsTest,
  reader: ResultsReader,
  pathname: string,
  introductionSeen = false,
): string | null {
  if (!mayOpenResults(reader, test)) return '/tests';
  const elsewhere = videoScreenOfOtherTest(test, pathname);
  if (elsewhere) return elsewhere;
  const { page } = resultsPageOf(pathname);
  if (reader.role === 'demo' && page !== 'demo' && (!introductionSeen || !isDemoReadable(pathname)))
    return introductionPath(test);
  if (test.test_type === 'essential' && isProfessionalPage(pathname)) return `/test/${test.id}/locked`;
  return null;
}

/** The research area's screens of a video test (its twins of /video-test/{id}/…). */
const VIDEO_RESEARCH_PAGES = ['scenes', 'qualitative-feedback', 'dynamic-analysis', 'moments'] as const;

function videoScreenOfOtherTest(test: Pick<ResultsTest, 'id' | 'platform'>, pathname: string): string | null {
  if (test.platform === 'video') return null;
  const [area, , , page = ''] = pathname.split('/').filter(Boolean);
  if (area === 'video-test') return `/test/${test.id}/overview`;
  if (area === 'research' && (VIDEO_RESEARCH_PAGES as readonly string[]).includes(page))
    return `/research/test/${test.id}/participants`;
  return null;
}
