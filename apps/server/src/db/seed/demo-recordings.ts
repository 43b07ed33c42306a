import { type DetectedPoint, detectSignificantPoints, pageVisits } from '@limbus/analytics';
import {
  type DemoParticipant,
  deriveSeed,
  generateCohort,
  type Platform,
  siteLayout,
} from '@limbus/demo-data';
import type { Deps } from '../../deps.js';
import { recordParticipant } from '../../modules/participants/record-participant.js';
import type { Executor } from '../client.js';
import { labels, tests } from '../schema.js';

/** Enough participants for the page metrics (minimum 5) and a realistic spread. */
export const DEMO_PARTICIPANTS_PER_TEST = 12;

/** Milliseconds of lee-way between a detected peak and the generated event that caused it. */
const EVENT_MATCH_MS = 2000;

type DemoRecordingOptions = { now: Date; participantsPerTest: number };

/**
 * Done web tests (desktop and mobile) for the demo company and Acme Retail, with participants
 * from the seeded generator on the demo shop. Significant points, sections and metrics come from
 * the real algorithms; comments and tags come from the generator's events that caused a peak.
 */
export async function seedDemoRecordings(
  deps: Pick<Deps, 'db' | 'files'>,
  options: DemoRecordingOptions,
): Promise<void> {
  for (const companyId of [1, 3]) {
    for (const platform of ['desktop', 'mobile'] as const) {
      const testId = await insertDoneTest(deps.db, companyId, platform, options.now);
      await insertPageLabels(deps.db, testId, platform);
      const cohort = generateCohort({
        seed: deriveSeed(companyId, platform),
        count: options.participantsPerTest,
        platform,
        startTime: options.now.getTime() - 14 * 24 * 60 * 60 * 1000,
      });
      for (const participant of cohort) await recordDemoParticipant(deps, testId, platform, participant);
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

async function recordDemoParticipant(
  deps: Pick<Deps, 'db' | 'files'>,
  testId: number,
  platform: Platform,
  participant: DemoParticipant,
): Promise<void> {
  const pageTitles = new Map(siteLayout(platform).pages.map((page) => [page.url, page.title]));
  await recordParticipant(deps, testId, {
    realId: participant.realId,
    demographic: participant.demographic,
    startedAt: new Date(participant.startedAt),
    endedAt: new Date(participant.endedAt),
    totalClicks: participant.totalClicks,
    significantPoints: detectSignificantPoints(participant.emotions).map((point) =>
      annotate(point, participant),
    ),
    sections: pageVisits(participant.mice).map((visit) => {
      const name = pageTitles.get(visit.url);
      return {
        timestampStart: visit.start,
        timestampEnd: visit.end,
        label: name ? { name, urls: [visit.url] } : null,
      };
    }),
    streams: [
      { kind: 'emotions', samples: participant.emotions },
      { kind: 'eyes', samples: participant.eyes },
      { kind: 'mice', samples: participant.mice },
    ],
  });
}

/** The comment and tags a researcher gave the event behind a detected peak, if one caused it. */
function annotate(point: DetectedPoint, participant: DemoParticipant) {
  const eventIndex = participant.events.findIndex(
    (event) =>
      event.isSignificant &&
      event.emotion === point.emotion &&
      Math.abs(event.timestamp - point.timestamp_top) <= EVENT_MATCH_MS,
  );
  const comment = participant.comments.find((candidate) => candidate.eventIndex === eventIndex);
  const tags = participant.tags.find((candidate) => candidate.eventIndex === eventIndex);
  return {
    emotion: point.emotion,
    timestampTop: point.timestamp_top,
    score: point.score,
    ranking: point.ranking,
    comment: comment?.text ?? '',
    tags: tags?.names ?? [],
  };
}
