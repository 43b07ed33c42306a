import {
  detectSignificantPoints,
  type EmotionSamples,
  matchesAnyUrl,
  type ParticipantPageData,
  pageMetrics,
  pageVisits,
  tagMetrics,
} from '@limbus/analytics';
import type { Executor } from '../../db/client.js';
import type { JobDeps } from '../../jobs/job-runner.js';
import { enqueueJob } from '../../jobs/job-runner.js';
import { loadStream } from '../participants/participant-streams.js';
import { listMetricsParticipantRows, replaceSectionRows } from '../participants/participants.service.js';
import { replacePoints } from '../participants/record-participant.js';
import {
  findParticipantById,
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
  const finished = await listMetricsParticipantRows(deps.db, testId);
  const ids = finished.map((row) => row.id);
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
  const pageResult = pageMetrics(
    pages.map((label) => ({ id: label.id, name: label.name, urls: label.urls, matchType: label.matchType })),
    data,
  );
  const testTags = await listTestTags(deps.db, testId);
  const links = await listPointTagLinks(
    deps.db,
    testTags.map((tag) => tag.id),
  );
  const pointById = new Map(points.map((point) => [point.id, point]));
  const tagResult = tagMetrics(
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
  const computedAt = deps.clock();
  await deps.db.transaction(async (tx) => {
    await saveTestMetrics(tx, testId, 'pages', pageResult, computedAt);
    await saveTestMetrics(tx, testId, 'tags', tagResult, computedAt);
  });
}

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

// For the results that show the stored page metrics (page titles, the benchmark, the journey) and
// the journey, whose pages are the ones the metrics are computed for, in the same order.
export { findStoredPageMetrics, listTestLabels } from './ingestion.repository.js';
