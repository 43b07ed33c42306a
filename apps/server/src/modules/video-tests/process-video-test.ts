import type { EmotionSamples, Moment } from '@limbus/analytics';
import { COHORT_SOURCE, type Cohort } from '@limbus/contract';
import type { JobDeps, JobHandler } from '../../jobs/job-runner.js';
import { findVideoParticipantRow } from '../participants/participants.service.js';
import { recordParticipant } from '../participants/record-participant.js';
import { setInternalState } from '../user-tests/user-tests.service.js';
import {
  deleteHeatmapVideos,
  heatmapVideoKey,
  storeHeatmapVideo,
  withTestVideo,
} from './heatmap-video-file.js';
import {
  aggregateGaze,
  aggregateViewers,
  finiteCurves,
  loadViewers,
  type VideoAggregate,
  type Viewer,
} from './video-aggregate.js';
import { meanScores } from './video-norms.js';
import { upsertScoreMeans } from './video-results.repository.js';
import { scoresOf } from './video-scores.js';
import {
  type CohortGazeRow,
  findProcessingTest,
  type ProcessingTestRow,
  replaceCohortGazeRows,
  replaceVideoSeriesRows,
  setParticipantState,
} from './video-tests.repository.js';

/** The job kind of GET /tests/{id}/process_video_test. */
export const PROCESS_VIDEO_TEST = 'process_video_test';
/** The real_id of a test's aggregate participant (type video_heatmap): one per test. */
export const VIDEO_HEATMAP_REAL_ID = 'video-heatmap';

/**
 * process_video_test (DESIGN §4): aggregates every finished viewer over the video's timeline and
 * stores the result as the test's participant of type video_heatmap: mean emotion curves (its
 * emotions), their significant points, everyone's gaze (its eyes), moments, spread and fluency,
 * and the gaze heatmap video over the test's video; for a test with lab and remote viewers, each
 * cohort's gaze moments and heatmap video too. Then internal_state is cleared. Rerunning
 * updates the same participant, keeping its sections (scenes) and the points researchers edited.
 * When the job is given up, internal_state is cleared too, so the screens stop waiting.
 */
export const processVideoTest: JobHandler = Object.assign(
  async (deps: JobDeps, payload: Record<string, unknown>) => {
    const test = await findProcessingTest(deps.db, testIdOf(payload));
    if (test) await aggregateAndStore(deps, test); // else removed meanwhile
  },
  {
    giveUp: async (deps: JobDeps, payload: Record<string, unknown>) =>
      setInternalState(deps.db, testIdOf(payload), null),
  },
);

function testIdOf(payload: Record<string, unknown>): number {
  const testId = payload.test_id;
  if (typeof testId !== 'number') throw new Error('The job has no test_id');
  return testId;
}

async function aggregateAndStore(deps: JobDeps, test: ProcessingTestRow): Promise<void> {
  const viewers = await loadViewers(deps, test.id);
  const cohorts = cohortsOf(viewers);
  const longest = Math.max(0, ...viewers.map((viewer) => viewer.durationMs));
  await deleteHeatmapVideos(deps, test.id);
  if (test.video) {
    await withTestVideo(deps, test.video, async (video) => {
      const aggregate = aggregateViewers(viewers, video.durationMs);
      const key = await storeHeatmapVideo(deps, heatmapVideoKey(test.id), video, aggregate.gaze);
      const cohortResults: CohortGaze[] = [];
      for (const [cohort, members] of cohorts) {
        const gaze = aggregateGaze(members, video.durationMs);
        const cohortKey = await storeHeatmapVideo(deps, heatmapVideoKey(test.id, cohort), video, gaze.gaze);
        cohortResults.push({ ...cohortCounts(cohort, members), video: cohortKey, moments: gaze.moments });
      }
      await storeAggregate(deps, test.id, aggregate, key, cohortResults);
    });
  } else {
    // Without the test's video there is no heatmap video; the numbers cover the longest viewing.
    const cohortResults = cohorts.map(([cohort, members]) => ({
      ...cohortCounts(cohort, members),
      video: null,
      moments: aggregateGaze(members, longest).moments,
    }));
    await storeAggregate(deps, test.id, aggregateViewers(viewers, longest), null, cohortResults);
  }
}

/** A cohort's own gaze result with its moments on the video's timeline (ms from its start). */
type CohortGaze = Omit<CohortGazeRow, 'moments'> & { moments: Moment[] };
type OneCohort = Exclude<Cohort, 'all'>;

/**
 * The lab's and the remote viewers apart when the test has both (the results' cohort filter
 * shows each one's gaze); none when it has one, whose result is everyone's.
 */
function cohortsOf(viewers: readonly Viewer[]): [OneCohort, Viewer[]][] {
  const split = (['lab', 'remote'] as const).map((cohort): [OneCohort, Viewer[]] => [
    cohort,
    viewers.filter((viewer) => viewer.source === COHORT_SOURCE[cohort]),
  ]);
  return split.every(([, members]) => members.length > 0) ? split : [];
}

const cohortCounts = (cohort: OneCohort, members: readonly Viewer[]) => ({
  cohort,
  viewers: members.length,
  emotionViewers: members.filter((viewer) => viewer.emotions.timestamp.length > 0).length,
});

async function storeAggregate(
  deps: JobDeps,
  testId: number,
  aggregate: VideoAggregate,
  videoKey: string | null,
  cohorts: readonly CohortGaze[],
): Promise<void> {
  // Epoch ms like every participant, on a whole second (started_at is answered in seconds); kept
  // across reruns so that scenes stay where they were.
  const existing = await findVideoParticipantRow(deps.db, testId);
  const start = existing?.startedAt?.getTime() ?? Math.floor(deps.clock().getTime() / 1000) * 1000;
  const at = (ms: number) => start + ms;
  const curves = finiteCurves(aggregate.curves);
  const emotions: EmotionSamples = { ...curves, timestamp: curves.timestamp.map(at) };
  // Stored in steps (rows, then each stream file): `recording` until the last step, so that a
  // result cut off by a killed process is never answered as finished.
  const { id } = await recordParticipant(deps, testId, {
    realId: VIDEO_HEATMAP_REAL_ID,
    type: 'video_heatmap',
    state: 'recording',
    startedAt: new Date(start),
    endedAt: new Date(at(aggregate.durationMs)),
    video: videoKey,
    significantPoints: aggregate.points.map((point) => ({
      emotion: point.emotion,
      timestampTop: at(point.timestamp_top),
      score: point.score,
      ranking: point.ranking,
    })),
    moments: aggregate.moments.map((moment) => ({
      emotion: moment.emotion,
      start: at(moment.start),
      end: at(moment.end),
    })),
    streams: [
      { kind: 'emotions', samples: emotions },
      {
        kind: 'eyes',
        samples: { timestamp: aggregate.gaze.time.map(at), x: aggregate.gaze.x, y: aggregate.gaze.y },
      },
    ],
  });
  await deps.db.transaction(async (tx) => {
    await replaceVideoSeriesRows(tx, id, [
      { kind: 'spread', ...seriesValues(aggregate.spread) },
      { kind: 'fluency', ...seriesValues(aggregate.fluency) },
    ]);
    await replaceCohortGazeRows(
      tx,
      id,
      cohorts.map((cohort) => ({
        ...cohort,
        moments: cohort.moments.map((moment) => ({
          emotion: moment.emotion,
          start: at(moment.start),
          end: at(moment.end),
        })),
      })),
    );
    // The whole video's means, for the norms of other tests (same steps as the screens' scores).
    const means = meanScores(scoresOf(emotions, start, aggregate.durationMs));
    if (means) await upsertScoreMeans(tx, id, means);
    await setParticipantState(tx, id, 'finished');
    await setInternalState(tx, testId, null);
  });
}

/** A series as stored: its step and values, NaN (undefined there) as null; 0.01 precision. */
function seriesValues(series: { time: Float64Array; value: Float32Array }) {
  const stepMs = series.time.length > 1 ? (series.time[1] as number) - (series.time[0] as number) : 100;
  const values = Array.from(series.value, (value) =>
    Number.isFinite(value) ? Math.round(value * 100) / 100 : null,
  );
  return { stepMs, values };
}
