import {
  detectSignificantPoints,
  type EmotionSamples,
  matchesAnyUrl,
  type ParticipantPageData,
  pageMetrics,
  pageVisits,
  tagMetrics,
} from '@limbus/analytics';
import type { Cohort } from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { JobDeps } from '../../jobs/job-runner.js';
import { enqueueJob } from '../../jobs/job-runner.js';
import { loadStream } from '../participants/participant-streams.js';
import { listMetricsParticipantRows, replaceSectionRows } from '../participants/participants.service.js';
import { replacePoints } from '../participants/record-participant.js';
import {
  findParticipantById,
  findStoredMetricsRow,
  hasQueuedJob,
  listPointsOfParticipants,
  listPointTagLinks,
  listTestLabels,
  listTestTags,
  saveTestMetrics,
} from './ingestion.repository.js';

/** Job kinds of the analysis after ingestion. */
export const ANALYSE_PARTICIPANT = 'analyse_participant';
export const RECOMPUTE_TEST_METRICS = 'recompute_test_metrics';

const idOf = (payload: Record<string, unknown>, key: string): number => {
  const value = payload[key];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`The job has no ${key}`);
  return value;
};

/**
 * Significant points (emotion peaks) and sections (page visits linked to the test's page titles
 * by URL) of one participant, replacing the computed ones in one transaction; points a
 * researcher edited stay (replacePoints). Then the test's metrics are queued for recomputation.
 */
export async function analyseParticipant(deps: JobDeps, payload: Record<string, unknown>): Promise<void> {
  const participant = await findParticipantById(deps.db, idOf(payload, 'participant_id'));
  if (!participant) return; // removed meanwhile: nothing to do
  const emotions = await loadStream(deps, participant.id, 'emotions');
  const mice = await loadStream(deps, participant.id, 'mice');
  const points =
    emotions?.kind === 'emotions'
      ? detectSignificantPoints(emotions.samples).map((point) => ({
          emotion: point.emotion,
          timestampTop: point.timestamp_top,
          score: point.score,
          ranking: point.ranking,
          comment: '',
          translation: '',
          falsePositive: false,
          tags: [],
        }))
      : [];
  const pages = await listTestLabels(deps.db, participant.testId);
  const sections =
    mice?.kind === 'mice'
      ? pageVisits(mice.samples).map((visit) => ({
          timestampStart: visit.start,
          timestampEnd: visit.end,
          labelId: pages.find((label) => matchesAnyUrl(visit.url, label.urls, label.matchType))?.id ?? null,
        }))
      : [];
  await deps.db.transaction(async (tx) => {
    await replacePoints(tx, participant.testId, participant.id, points);
    await replaceSectionRows(tx, participant.id, sections);
    await queueTestMetrics(tx, participant.testId, deps.clock());
  });
}

/** Queues a recomputation of the test's page and tag metrics, unless one is queued already. */
export async function queueTestMetrics(db: Executor, testId: number, at: Date): Promise<void> {
  if (!(await hasQueuedJob(db, RECOMPUTE_TEST_METRICS, 'test_id', testId)))
    await enqueueJob(db, RECOMPUTE_TEST_METRICS, { test_id: testId }, at);
}

/**
 * Page metrics (pageMetrics over the finished participants' page visits, emotions and points;
 * participants a researcher left out of the metrics are not counted)
 * and tag metrics (tagMetrics) of a test, stored together in one transaction: a job killed
 * midway leaves the previous metrics.
 */
export async function recomputeTestMetrics(deps: JobDeps, payload: Record<string, unknown>): Promise<void> {
  const testId = idOf(payload, 'test_id');
  const pages = await listTestLabels(deps.db, testId);
  const ids = (await listMetricsParticipantRows(deps.db, testId)).map((row) => row.id);
  const { data, points } = await pageDataOf(deps, ids);
  const pageResult = pageMetrics(pages.map(pageOfLabel), data);
  const tagResult = await tagMetricsOver(deps, testId, points);
  const computedAt = deps.clock();
  await deps.db.transaction(async (tx) => {
    await saveTestMetrics(tx, testId, 'pages', pageResult, computedAt);
    await saveTestMetrics(tx, testId, 'tags', tagResult, computedAt);
  });
}

type StreamDeps = Pick<Deps, 'db' | 'files'>;
type PointRow = Awaited<ReturnType<typeof listPointsOfParticipants>>[number];

/** The test's tag metrics over `points` (those of the participants counted). */
async function tagMetricsOver(deps: Pick<Deps, 'db'>, testId: number, points: readonly PointRow[]) {
  const testTags = await listTestTags(deps.db, testId);
  const links = await listPointTagLinks(
    deps.db,
    testTags.map((tag) => tag.id),
  );
  const pointById = new Map(points.map((point) => [point.id, point]));
  return tagMetrics(
    testTags.map((tag) => ({
      id: tag.id,
      name: tag.name,
      significant_points: links
        .filter((link) => link.tagId === tag.id)
        .flatMap((link) => {
          const point = pointById.get(link.pointId);
          return point
            ? [
                {
                  id: point.id,
                  emotion: point.emotion,
                  participant_id: point.participantId,
                  false_positive: point.falsePositive,
                },
              ]
            : [];
        }),
    })),
  );
}

/**
 * The tag metrics of a test for a cohort: the stored ones for `all` (null before the first
 * recomputation); for lab or remote, the same computation over the points of that cohort's
 * participants counted in the metrics (no streams are read: it is cheap, not kept).
 */
export async function tagMetricsOf(deps: Pick<Deps, 'db'>, testId: number, cohort: Cohort): Promise<unknown> {
  if (cohort === 'all') return (await findStoredMetricsRow(deps.db, testId, 'tags'))?.payload ?? null;
  const ids = (await listMetricsParticipantRows(deps.db, testId, cohort)).map((row) => row.id);
  return tagMetricsOver(deps, testId, await listPointsOfParticipants(deps.db, ids));
}

/** What the page metrics are computed from: the participants' page visits, emotions and significant points. */
async function pageDataOf(deps: StreamDeps, ids: number[]) {
  const points = await listPointsOfParticipants(deps.db, ids);
  const data: ParticipantPageData[] = [];
  for (const id of ids) {
    const mice = await loadStream(deps, id, 'mice');
    const emotions = await loadStream(deps, id, 'emotions');
    data.push({
      participantId: id,
      visits: mice?.kind === 'mice' ? pageVisits(mice.samples) : [],
      emotions: emotions?.kind === 'emotions' ? emotions.samples : emptyEmotions(),
      points: points
        .filter((point) => point.participantId === id)
        .map((point) => ({
          id: point.id,
          emotion: point.emotion,
          timestamp_top: point.timestampTop,
          false_positive: point.falsePositive,
        })),
    });
  }
  return { data, points };
}

/** The page metrics the last recomputation stored for the test (everyone's), or null before the first. */
export async function findStoredPageMetrics(db: Executor, testId: number): Promise<unknown> {
  return (await findStoredMetricsRow(db, testId, 'pages'))?.payload ?? null;
}

/**
 * Cohort page metrics computed on request, by database, then by test and cohort, valid while the
 * stored ones and the cohort's participants are the same.
 */
const cohortPageMetricsByDatabase = new WeakMap<object, Map<string, { version: string; payload: unknown }>>();
const COHORT_METRICS_KEPT = 64;

/**
 * The page metrics of a test for a cohort: the stored ones for `all`; for lab or remote, the same
 * computation over that cohort's participants, kept until the stored metrics are recomputed or
 * the cohort's participants change.
 */
export async function pageMetricsOf(deps: StreamDeps, testId: number, cohort: Cohort): Promise<unknown> {
  if (cohort === 'all') return findStoredPageMetrics(deps.db, testId);
  const stored = await findStoredMetricsRow(deps.db, testId, 'pages');
  if (!stored) return null;
  const ids = (await listMetricsParticipantRows(deps.db, testId, cohort)).map((row) => row.id);
  let cohortPageMetrics = cohortPageMetricsByDatabase.get(deps.db);
  if (!cohortPageMetrics) {
    cohortPageMetrics = new Map();
    cohortPageMetricsByDatabase.set(deps.db, cohortPageMetrics);
  }
  const key = `${testId}:${cohort}`;
  const version = `${stored.computedAt.getTime()}:${ids.join(',')}`;
  const kept = cohortPageMetrics.get(key);
  if (kept?.version === version) return kept.payload;
  const pages = await listTestLabels(deps.db, testId);
  const { data } = await pageDataOf(deps, ids);
  const payload = pageMetrics(pages.map(pageOfLabel), data);
  cohortPageMetrics.delete(key);
  cohortPageMetrics.set(key, { version, payload });
  for (const oldest of cohortPageMetrics.keys()) {
    if (cohortPageMetrics.size <= COHORT_METRICS_KEPT) break;
    cohortPageMetrics.delete(oldest);
  }
  return payload;
}

const pageOfLabel = (label: Awaited<ReturnType<typeof listTestLabels>>[number]) => ({
  id: label.id,
  name: label.name,
  urls: label.urls,
  matchType: label.matchType,
});

const emptyEmotions = (): EmotionSamples => ({
  timestamp: new Float64Array(0),
  joy: new Float32Array(0),
  attention: new Float32Array(0),
  frustration: new Float32Array(0),
});

/** The jobs of ingestion, by kind. */
export const ingestionJobHandlers = {
  [ANALYSE_PARTICIPANT]: analyseParticipant,
  [RECOMPUTE_TEST_METRICS]: recomputeTestMetrics,
};

// For the journey, whose pages are the ones the metrics are computed for, in the same order.
export { listTestLabels } from './ingestion.repository.js';
