import {
  aggregateGazeQuality,
  DEFAULT_QUALITY_THRESHOLDS,
  type GazeQuality,
  gazeQuality,
} from '@limbus/analytics';
import type {
  Cohort,
  ParticipantQuality,
  QualityProblem,
  TestQuality,
  WebcamQuality,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/policy.js';
import { queueTestMetrics } from '../ingestion/analysis.js';
import { participantGeometry } from '../participants/participant-geometry.js';
import { loadStream } from '../participants/participant-streams.js';
import {
  findParticipantRow,
  listParticipantRows,
  type ParticipantRow,
  setExcludedFromMetrics,
} from '../participants/participants.service.js';
import { webcamQualityOf } from '../remote-studies/remote-studies.service.js';
import { testFor } from '../test-access/test-access.service.js';
import { gazeProblems } from './gaze-problems.js';
import {
  type MeasuredParticipant,
  summariseKnown,
  toMeasureSummary,
  toParticipantQuality,
  toThresholds,
} from './quality.mappers.js';

/**
 * EEG signal quality (the share of the recording with good contact, as the lab's headset software
 * reports it) under which a participant is marked: the same 70 % as the gaze tracking ratio,
 * since emotions are computed from the EEG as gaze positions from the eye tracker.
 */
export const MIN_EEG_QUALITY = 0.7;

/** The thresholds participants are judged by (docs/gaze-analytics.md). */
export const qualityThresholds = () => toThresholds(DEFAULT_QUALITY_THRESHOLDS, MIN_EEG_QUALITY);

/**
 * Gaze quality already measured, per database (one app), participant version and geometry: a
 * participant's row changes (updated_at) whenever its streams or validation targets do, and its
 * setup's geometry may change, so a measure stays true while both stay. Bounded: the oldest entries go first.
 */
const measuredGaze = new WeakMap<object, Map<string, GazeQuality | null>>();
const MEASURED_GAZE_MAX = 5000;

async function gazeOf(deps: Deps, row: ParticipantRow): Promise<GazeQuality | null> {
  let cache = measuredGaze.get(deps.db);
  if (!cache) {
    cache = new Map();
    measuredGaze.set(deps.db, cache);
  }
  const geometry = await participantGeometry(deps.db, row.id);
  const key = `${row.id}:${row.updatedAt.getTime()}:${Object.values(geometry).join(',')}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const eyes = await loadStream(deps, row.id, 'eyes');
  const gaze =
    eyes?.kind === 'eyes' && eyes.samples.timestamp.length > 0
      ? gazeQuality(eyes.samples, { targets: row.validationTargets, geometry })
      : null;
  if (cache.size >= MEASURED_GAZE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, gaze);
  return gaze;
}

/**
 * Measures the participant's gaze (linear in its samples, once per version) and reads its EEG
 * quality and, for a remote participant, its webcam figures (`webcam`, read for many at once).
 */
async function measure(
  deps: Deps,
  row: ParticipantRow,
  webcam: ReadonlyMap<number, WebcamQuality>,
): Promise<MeasuredParticipant> {
  const gaze = await gazeOf(deps, row);
  const figures = webcam.get(row.id) ?? null;
  const problems: QualityProblem[] = gaze ? gazeProblems(row.source, gaze, figures) : [];
  if (row.eegQuality !== null && row.eegQuality < MIN_EEG_QUALITY) problems.push('eeg');
  return { row, gaze, problems, webcam: figures };
}

async function measureOne(deps: Deps, row: ParticipantRow): Promise<MeasuredParticipant> {
  return measure(deps, row, await webcamQualityOf(deps, [row.id]));
}

/** The research area reads a test's quality; the route's access already let only researchers in. */
const researchTest = (deps: Deps, actor: Actor, testId: number) =>
  testFor(deps, actor, testId, 'test.annotate');

/**
 * Every recorded participant's data quality, the test's summary and the thresholds; with a
 * cohort, its participants only. Computed when asked, from the stored streams: no results screen
 * a client reads waits for it.
 */
export async function getTestQuality(
  deps: Deps,
  actor: Actor,
  testId: number,
  cohort: Cohort = 'all',
): Promise<TestQuality> {
  await researchTest(deps, actor, testId);
  const rows = await listParticipantRows(deps.db, testId, 'default', cohort);
  const webcam = await webcamQualityOf(
    deps,
    rows.filter((row) => row.source === 'webcam').map((row) => row.id),
  );
  const measured: MeasuredParticipant[] = [];
  for (const row of rows) measured.push(await measure(deps, row, webcam));
  const gaze = aggregateGazeQuality(measured.flatMap((m) => (m.gaze ? [m.gaze] : [])));
  return {
    thresholds: qualityThresholds(),
    summary: {
      participants: measured.length,
      low_quality: measured.filter((m) => m.problems.length > 0).length,
      excluded: measured.filter((m) => m.row.excludedFromMetrics).length,
      tracking_ratio: toMeasureSummary(gaze.trackingRatio),
      precision_rms_s2s_deg: toMeasureSummary(gaze.precisionRmsS2SDeg),
      precision_sd_deg: toMeasureSummary(gaze.precisionSdDeg),
      accuracy_deg: toMeasureSummary(gaze.accuracyDeg),
      eeg_quality: summariseKnown(measured.map((m) => m.row.eegQuality)),
    },
    participants: measured.map(toParticipantQuality),
  };
}

async function participantOfTest(deps: Deps, testId: number, participantId: number) {
  const row = await findParticipantRow(deps.db, testId, participantId);
  if (row?.type !== 'default') throw notFound('The participant');
  return row;
}

export async function getParticipantQuality(
  deps: Deps,
  actor: Actor,
  testId: number,
  participantId: number,
): Promise<ParticipantQuality> {
  await researchTest(deps, actor, testId);
  return toParticipantQuality(await measureOne(deps, await participantOfTest(deps, testId, participantId)));
}

/**
 * Leaves a participant out of the test's metrics or takes them back in, and queues the
 * recomputation of the page and tag metrics in the same transaction (video tests: processing
 * again aggregates the viewers that count).
 */
export async function setParticipantExclusion(
  deps: Deps,
  actor: Actor,
  testId: number,
  participantId: number,
  excluded: boolean,
): Promise<ParticipantQuality> {
  await researchTest(deps, actor, testId);
  await participantOfTest(deps, testId, participantId);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await setExcludedFromMetrics(tx, testId, participantId, excluded);
    await queueTestMetrics(tx, testId, deps.clock());
    return updated;
  });
  if (!row) throw notFound('The participant');
  return toParticipantQuality(await measureOne(deps, row));
}
