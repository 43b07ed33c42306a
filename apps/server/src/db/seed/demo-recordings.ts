import { deriveSeed, generateCohort, type Platform, siteLayout } from '@limbus/demo-data';
import type { Deps } from '../../deps.js';
import type { JobDeps } from '../../jobs/job-runner.js';
import type { Executor } from '../client.js';
import { labels, tests } from '../schema.js';
import { seedDemoVideoTest, withDemoVideo } from './demo-video-test.js';
import { recordDemoParticipant } from './record-demo-participant.js';

/** Enough participants for the page metrics (minimum 5) and a realistic spread. */
export const DEMO_PARTICIPANTS_PER_TEST = 12;

type DemoRecordingOptions = { now: Date; participantsPerTest: number };

/**
 * Done web tests (desktop and mobile) and a done video test for the demo company and Acme
 * Retail, with participants from the seeded generator (the demo shop, the demo commercial).
 * Significant points, sections, metrics and the video results come from the real algorithms;
 * comments and tags come from the generator's events that caused a peak.
 */
export async function seedDemoRecordings(deps: JobDeps, options: DemoRecordingOptions): Promise<void> {
  await seedDemoWebTests(deps, options);
  await withDemoVideo(async (videoFile) => {
    for (const companyId of DEMO_RECORDED_COMPANIES)
      await seedDemoVideoTest(deps, {
        companyId,
        now: options.now,
        viewers: options.participantsPerTest,
        videoFile,
      });
  });
}

/** The demo company and Acme Retail (seed ids). */
const DEMO_RECORDED_COMPANIES = [1, 3];

async function seedDemoWebTests(
  deps: Pick<Deps, 'db' | 'files'>,
  options: DemoRecordingOptions,
): Promise<void> {
  for (const companyId of DEMO_RECORDED_COMPANIES) {
    for (const platform of ['desktop', 'mobile'] as const) {
      const testId = await insertDoneTest(deps.db, companyId, platform, options.now);
      await insertPageLabels(deps.db, testId, platform);
      const cohort = generateCohort({
        seed: deriveSeed(companyId, platform),
        count: options.participantsPerTest,
        platform,
        startTime: options.now.getTime() - 14 * 24 * 60 * 60 * 1000,
      });
      const pageTitles = new Map(siteLayout(platform).pages.map((page) => [page.url, page.title]));
      for (const participant of cohort) await recordDemoParticipant(deps, testId, participant, pageTitles);
    }
  }
}

async function insertDoneTest(
  db: Executor,
  companyId: number,
  platform: Platform,
  now: Date,
): Promise<number> {
  const [test] = await db
    .insert(tests)
    .values({
      name: `Acme Running webshop (${platform})`,
      purpose: 'Where do shoppers hesitate between choosing a shoe and paying for it?',
      testType: 'professional',
      platform,
      state: 'done',
      companyId,
      url: siteLayout(platform).pages[0]?.url ?? '',
      scenario: 'Find the Runner 2 in your size, add it to the basket and pay.',
      stopMoment: 'The order confirmation',
      focusElements: ['Size guide', 'Discount code field', 'Delivery options'],
      translationLanguage: 'English',
      startedAt: new Date(now.getTime() - 14 * 24 * 60 * 60 * 1000),
      endedAt: new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000),
    })
    .returning({ id: tests.id });
  if (!test) throw new Error('insert into tests returned no row');
  return test.id;
}

/** One page title (label) per page of the shop; the home page matches exactly, others by prefix. */
async function insertPageLabels(db: Executor, testId: number, platform: Platform): Promise<void> {
  await db.insert(labels).values(
    siteLayout(platform).pages.map((page) => ({
      testId,
      name: page.title,
      urls: [page.url],
      matchType: page.path === '/' ? ('exact' as const) : ('starts_with' as const),
    })),
  );
}
