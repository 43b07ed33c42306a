import {
  DEFAULT_SCREEN_GEOMETRY,
  type EmotionSamples,
  type FirstSeconds,
  type PageHeatmapRecording,
  type Platform,
  type ScreenGeometry,
} from '@limbus/analytics';
import type { Cohort } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { participantGeometries } from '../participants/participant-geometry.js';
import {
  findParticipantRow,
  findStreamRows,
  listMetricsParticipantRows,
} from '../participants/participants.service.js';
import { cachedStream } from './stream-cache.js';

type RecordingDeps = Pick<Deps, 'db' | 'files'>;

/**
 * The finished participants of the cohort counted in the metrics (not left out for data quality),
 * or the ones asked for (404 when not of this test).
 */
export async function participantIdsOf(
  deps: RecordingDeps,
  testId: number,
  only?: readonly number[],
  cohort: Cohort = 'all',
) {
  if (only === undefined)
    return (await listMetricsParticipantRows(deps.db, testId, cohort)).map((row) => row.id);
  const ids: number[] = [];
  for (const participantId of only) {
    const row = await findParticipantRow(deps.db, testId, participantId);
    if (!row) throw notFound('The participant');
    ids.push(row.id);
  }
  return ids;
}

export type HeatmapRecording = PageHeatmapRecording & {
  participantId: number;
  emotions: EmotionSamples | null;
  /** The participant's screen and viewing distance (participantGeometry). */
  geometry: ScreenGeometry;
};

/**
 * A reader of the participants' recordings: their stream rows and geometries in two queries, then
 * each participant's eye, mouse and (when asked) emotion streams as it is asked for (decoded ones
 * from the cache; missing ones are null). Three queries per participant made the points call of
 * 30 participants take 80 ms; with two in all it takes 40–51 ms (bench/page-heatmap-bench.ts).
 */
export async function recordingReader(
  deps: RecordingDeps,
  participantIds: readonly number[],
  withEmotions = false,
): Promise<(participantId: number) => Promise<HeatmapRecording>> {
  const kinds = withEmotions ? (['eyes', 'mice', 'emotions'] as const) : (['eyes', 'mice'] as const);
  const [rows, geometries] = await Promise.all([
    findStreamRows(deps.db, participantIds, kinds),
    participantGeometries(deps.db, participantIds),
  ]);
  const rowOf = new Map(rows.map((row) => [`${row.participantId}:${row.kind}`, row]));
  const streamOf = (participantId: number, kind: (typeof kinds)[number]) => {
    const row = rowOf.get(`${participantId}:${kind}`);
    return row ? cachedStream(deps, row) : null;
  };
  return async (participantId) => {
    const [eyes, mice, emotions] = await Promise.all([
      streamOf(participantId, 'eyes'),
      streamOf(participantId, 'mice'),
      withEmotions ? streamOf(participantId, 'emotions') : null,
    ]);
    return {
      participantId,
      eyes: eyes?.kind === 'eyes' ? eyes.samples : null,
      mice: mice?.kind === 'mice' ? mice.samples : null,
      emotions: emotions?.kind === 'emotions' ? emotions.samples : null,
      geometry: geometries.get(participantId) ?? DEFAULT_SCREEN_GEOMETRY,
    };
  };
}

export const platformOf = (test: { platform: string }): Platform =>
  test.platform === 'mobile' ? 'mobile' : 'desktop';

export const firstSecondsOf = (choice: string | undefined): FirstSeconds =>
  !choice || choice === 'all' ? 'all' : (Number(choice) as FirstSeconds);
