import type { TestType } from '@limbus/contract';
import {
  demoPageLabel,
  deriveSeed,
  generateCohort,
  type Platform,
  siteLayout,
  WEB_QUESTIONNAIRE,
} from '@limbus/demo-data';
import type { Executor } from '../db/client.js';
import type { Actor } from '../http/policy.js';
import type { JobDeps } from '../jobs/job-runner.js';
import { recomputeTestMetrics } from '../modules/ingestion/analysis.js';
import { queueDormantScreenRecording } from '../modules/participants/screen-recording-jobs.js';
import { toActor } from '../modules/users/users.mappers.js';
import { findUserByEmail } from '../modules/users/users.service.js';
import { seedDemoHeatmaps } from './demo-heatmaps.js';
import { seedDemoInsights } from './demo-insights.js';
import { seedDemoPageAreas } from './demo-predictions.js';
import { seedDemoQuestionnaire } from './demo-questionnaire.js';
import { findCategoryId, findCompanyAdminId, insertLabels, insertTest } from './demo-records.repository.js';
import { seedDemoRemoteCohort } from './demo-remote-cohort.js';
import {
  isDemoTestSeeded,
  markDemoTestSeeded,
  removeHalfSeededTests,
  SEEDING,
} from './demo-seed.repository.js';
import { describeDemoTags } from './demo-tags.js';
import { DEMO_VIDEO_TEST_NAME, seedDemoVideoTest, withDemoVideo } from './demo-video-test.js';
import {
  DEMO_TEST_LANGUAGE,
  DEMO_TRANSLATION_LANGUAGE,
  recordDemoParticipant,
} from './record-demo-participant.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Enough participants for the page metrics (minimum 5) and a realistic spread. */
export const DEMO_PARTICIPANTS_PER_TEST = 12;

type DemoRecordingOptions = {
  now: Date;
  participantsPerTest: number;
  /** Webcam participants in the remote cohorts of Acme Retail's desktop and video tests (none without). */
  remoteParticipantsPerTest?: number;
  /** Told the name of each test once it is seeded completely. */
  onTestSeeded?: (name: string) => void;
};

/**
 * Done web tests (desktop and mobile) and a done video test for the demo company and Acme
 * Retail, with participants from the seeded generator (the demo shop, the demo commercial).
 * Significant points, sections, metrics and the video results come from the real algorithms;
 * comments and tags come from the generator's events that caused a peak; the web tests' insights
 * and suggestions are written from those points (seedDemoInsights).
 */
export async function seedDemoRecordings(deps: JobDeps, options: DemoRecordingOptions): Promise<void> {
  await removeHalfSeededTests(deps.db);
  await seedDemoWebTests(deps, options);
  const missing: number[] = [];
  for (const companyId of DEMO_RECORDED_COMPANIES)
    if (!(await isDemoTestSeeded(deps.db, companyId, DEMO_VIDEO_TEST_NAME))) missing.push(companyId);
  if (missing.length === 0) return;
  const researcher = await demoResearcher(deps.db);
  await withDemoVideo(async (videoFile) => {
    for (const companyId of missing) {
      await seedDemoVideoTest(deps, {
        companyId,
        now: options.now,
        viewers: options.participantsPerTest,
        ...(companyId === DEMO_REMOTE_COMPANY
          ? { remote: { viewers: options.remoteParticipantsPerTest ?? 0, openedById: researcher.id } }
          : {}),
        videoFile,
      });
      options.onTestSeeded?.(`video test of company ${companyId}`);
    }
  });
}

/** The demo company and Acme Retail (seed ids). */
export const DEMO_RECORDED_COMPANIES = [1, 3];
/** Acme Retail, the README's first client sign-in: its desktop and video tests have a remote cohort. */
export const DEMO_REMOTE_COMPANY = 3;

/** Each company has a test of each tier: the essential one shows the locked screens. */
export const DEMO_WEB_TEST_TYPES: Readonly<Record<Platform, TestType>> = {
  desktop: 'professional',
  mobile: 'essential',
};

/**
 * The done web tests: recorded participants, the tags described, the page and tag metrics of the
 * recompute job, and the insights and suggestions researchers write (by researcher@limbus.test).
 */
export async function seedDemoWebTests(deps: JobDeps, options: DemoRecordingOptions): Promise<void> {
  const researcher = await demoResearcher(deps.db);
  const tests: DemoWebTest[] = [
    ...DEMO_RECORDED_COMPANIES.flatMap((companyId) =>
      (['desktop', 'mobile'] as const).map((platform) => ({
        companyId,
        platform,
        name: demoWebTestName(platform),
        participants: options.participantsPerTest,
        remoteParticipants:
          companyId === DEMO_REMOTE_COMPANY && platform === 'desktop'
            ? (options.remoteParticipantsPerTest ?? 0)
            : 0,
        withHeatmaps: true,
      })),
    ),
    ...DEMO_BENCHMARK_TESTS.map((test) => ({
      ...test,
      platform: 'desktop' as const,
      participants: Math.min(options.participantsPerTest, DEMO_BENCHMARK_PARTICIPANTS),
      remoteParticipants: 0,
      withHeatmaps: false,
    })),
  ];
  for (const test of tests) {
    if (await isDemoTestSeeded(deps.db, test.companyId, test.name)) continue;
    await seedDemoWebTest(deps, researcher, test, options.now);
    options.onTestSeeded?.(`${test.name} of company ${test.companyId}`);
  }
}

type DemoWebTest = {
  companyId: number;
  platform: Platform;
  name: string;
  participants: number;
  remoteParticipants: number;
  withHeatmaps: boolean;
};

/**
 * Done E-commerce web tests of Globex and Initech: with the demo company's and Acme Retail's four,
 * a webshop's category benchmark counts the five other tests it needs (issue 26), all made by
 * the real pipeline. Fewer participants each, and no heatmap pages, keep the first start short.
 */
const DEMO_BENCHMARK_TESTS = [
  { companyId: 4, name: 'Running shoe webshop (desktop)' },
  { companyId: 5, name: 'Sports store checkout (desktop)' },
] as const;
const DEMO_BENCHMARK_PARTICIPANTS = 6;

async function seedDemoWebTest(
  deps: JobDeps,
  researcher: Actor,
  test: DemoWebTest,
  now: Date,
): Promise<void> {
  const { companyId, platform } = test;
  const testId = await insertDoneTest(deps.db, { companyId, platform, name: test.name }, now);
  await insertPageLabels(deps.db, testId, platform);
  const heatmapPages = test.withHeatmaps ? await seedDemoHeatmaps(deps, testId, platform) : [];
  const cohort = generateCohort({
    seed: deriveSeed(companyId, platform),
    count: test.participants,
    platform,
    startTime: now.getTime() - 14 * 24 * 60 * 60 * 1000,
  });
  const pageLabels = new Map(siteLayout(platform).pages.map((page) => [page.url, demoPageLabel(page)]));
  const answered = [];
  for (const participant of cohort) {
    const { id } = await recordDemoParticipant(deps, testId, participant, pageLabels);
    // made after the start, not here: encoding 60 recordings would triple the first start
    await queueDormantScreenRecording(deps.db, id, recordingOrder(test));
    answered.push({ participantId: id, answers: participant.answers });
  }
  if (test.remoteParticipants > 0)
    answered.push(
      ...(await seedDemoRemoteCohort(deps, {
        testId,
        companyId,
        kind: platform,
        count: test.remoteParticipants,
        // Opened the day after the lab's first session, closed when the test ended.
        openedAt: new Date(now.getTime() - 13 * DAY_MS),
        expiresInDays: 14,
        closedAt: new Date(now.getTime() - 7 * DAY_MS),
        openedById: researcher.id,
        pageTitles: pageLabels,
      })),
    );
  // the cohorts' ranking of areas (the agreement panel) needs areas drawn on the pages
  if (test.remoteParticipants > 0 && platform === 'desktop')
    await seedDemoPageAreas(
      deps,
      {
        id: testId,
        name: test.name,
        companyId,
        requesterId: (await findCompanyAdminId(deps.db, companyId)) ?? researcher.id,
      },
      heatmapPages,
    );
  await seedDemoQuestionnaire(deps.db, testId, WEB_QUESTIONNAIRE, answered);
  await describeDemoTags(deps.db, testId);
  await recomputeTestMetrics(deps, { test_id: testId });
  await seedDemoInsights(deps, researcher, {
    id: testId,
    platform,
    suggestionOwnerId: (await findCompanyAdminId(deps.db, companyId)) ?? researcher.id,
  });
  await markDemoTestSeeded(deps.db, testId);
}

/**
 * Which test's recordings the background run makes first: Acme Retail's (the README's first
 * client sign-in), then the demo company's, then the benchmark's; desktop before mobile.
 */
const RECORDING_ORDER_OF_COMPANIES = [3, 1, 4, 5];
const recordingOrder = ({ companyId, platform }: DemoWebTest) =>
  2 * RECORDING_ORDER_OF_COMPANIES.indexOf(companyId) + (platform === 'desktop' ? 0 : 1);

export const demoWebTestName = (platform: Platform) => `Acme Running webshop (${platform})`;
/** A webshop: its benchmark compares it with the other done E-commerce tests (5 others in the seed, 5 needed). */
const DEMO_WEB_TEST_CATEGORY = 'E-commerce';

async function demoResearcher(db: Executor): Promise<Actor> {
  const user = await findUserByEmail(db, 'researcher@limbus.test');
  if (!user) throw new Error('The demo researcher is missing: seed the demo data first');
  return toActor(user);
}

async function insertDoneTest(
  db: Executor,
  { companyId, platform, name }: { companyId: number; platform: Platform; name: string },
  now: Date,
): Promise<number> {
  return insertTest(db, {
    name,
    categoryId: await findCategoryId(db, DEMO_WEB_TEST_CATEGORY),
    internalState: SEEDING,
    purpose: 'Where do shoppers hesitate between choosing a shoe and paying for it?',
    testType: DEMO_WEB_TEST_TYPES[platform],
    platform,
    state: 'done',
    companyId,
    url: siteLayout(platform).pages[0]?.url ?? '',
    scenario: 'Find the Runner 2 in your size, add it to the basket and pay.',
    stopMoment: 'The order confirmation',
    focusElements: ['Size guide', 'Discount code field', 'Delivery options'],
    translation: DEMO_TEST_LANGUAGE,
    translationLanguage: DEMO_TRANSLATION_LANGUAGE.name,
    startedAt: new Date(now.getTime() - 14 * 24 * 60 * 60 * 1000),
    endedAt: new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000),
  });
}

/**
 * One page title (label) per page of the shop, matching its URL exactly: by prefix the category
 * (/shoes) would also count the product page (/shoes/runner-2), and a query string or fragment
 * never stops an exact match (normalizeUrl drops them).
 */
async function insertPageLabels(db: Executor, testId: number, platform: Platform): Promise<void> {
  await insertLabels(
    db,
    siteLayout(platform).pages.map((page) => ({
      testId,
      name: demoPageLabel(page),
      urls: [page.url],
      matchType: 'exact' as const,
    })),
  );
}
