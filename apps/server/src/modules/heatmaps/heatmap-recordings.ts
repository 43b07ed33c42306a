import type {
  EmotionSamples,
  FirstSeconds,
  PageHeatmapRecording,
  Platform,
  ScreenGeometry,
} from '@limbus/analytics';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { participantGeometry } from '../participants/participant-geometry.js';
import { findParticipantRow, listMetricsParticipantRows } from '../participants/participants.repository.js';
import { cachedStream } from './stream-cache.js';

type RecordingDeps = Pick<Deps, 'db' | 'files'>;

/** The finished participants counted in the metrics (not left out for data quality), or the ones asked for (404 when not of this test). */
export async function participantIdsOf(deps: RecordingDeps, testId: number, only?: readonly number[]) {
  if (only === undefined) return (await listMetricsParticipantRows(deps.db, testId)).map((row) => row.id);
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

/** The eye, mouse and (when asked) emotion streams of one participant; missing ones are null. */
export async function recordingOf(
  deps: RecordingDeps,
  participantId: number,
  withEmotions = false,
): Promise<HeatmapRecording> {
  const [eyes, mice, emotions, geometry] = await Promise.all([
    cachedStream(deps, participantId, 'eyes'),
    cachedStream(deps, participantId, 'mice'),
    withEmotions ? cachedStream(deps, participantId, 'emotions') : null,
    participantGeometry(deps.db, participantId),
  ]);
  return {
    participantId,
    eyes: eyes?.kind === 'eyes' ? eyes.samples : null,
    mice: mice?.kind === 'mice' ? mice.samples : null,
    emotions: emotions?.kind === 'emotions' ? emotions.samples : null,
    geometry,
  };
}

export const platformOf = (test: { platform: string }): Platform =>
  test.platform === 'mobile' ? 'mobile' : 'desktop';

export const firstSecondsOf = (choice: string | undefined): FirstSeconds =>
  !choice || choice === 'all' ? 'all' : (Number(choice) as FirstSeconds);
