import type { Cohort, MomentKind, VideoSeriesKind } from '@limbus/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { moments, participants, tests, videoCohortHeatmaps, videoSeries } from '../../db/schema.js';

export type ProcessingTestRow = NonNullable<Awaited<ReturnType<typeof findProcessingTest>>>;

/** What video processing needs of a test; null when there is none. */
export async function findProcessingTest(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: tests.id,
      companyId: tests.companyId,
      platform: tests.platform,
      internalState: tests.internalState,
      video: tests.video,
    })
    .from(tests)
    .where(eq(tests.id, id));
  return row ?? null;
}

export async function setParticipantState(
  db: Executor,
  participantId: number,
  state: 'recording' | 'finished',
) {
  await db.update(participants).set({ state }).where(eq(participants.id, participantId));
}

export type VideoSeriesRow = typeof videoSeries.$inferSelect;

export async function replaceVideoSeriesRows(
  db: Executor,
  participantId: number,
  rows: { kind: VideoSeriesKind; stepMs: number; values: (number | null)[] }[],
): Promise<void> {
  await db.delete(videoSeries).where(eq(videoSeries.participantId, participantId));
  if (rows.length > 0) await db.insert(videoSeries).values(rows.map((row) => ({ ...row, participantId })));
}

export async function listVideoSeriesRows(db: Executor, participantId: number): Promise<VideoSeriesRow[]> {
  return db.select().from(videoSeries).where(eq(videoSeries.participantId, participantId));
}

/** One cohort's gaze result as stored: its heatmap video's key, its viewers and its gaze moments. */
export type CohortGazeRow = {
  cohort: Exclude<Cohort, 'all'>;
  viewers: number;
  emotionViewers: number;
  video: string | null;
  moments: { emotion: MomentKind; start: number; end: number }[];
};

/** Replaces the cohorts' own gaze results of a video participant (none: the test has one cohort). */
export async function replaceCohortGazeRows(
  db: Executor,
  participantId: number,
  rows: readonly CohortGazeRow[],
): Promise<void> {
  await db.delete(videoCohortHeatmaps).where(eq(videoCohortHeatmaps.participantId, participantId));
  await db.delete(moments).where(and(eq(moments.participantId, participantId), ne(moments.cohort, 'all')));
  for (const row of rows) {
    await db.insert(videoCohortHeatmaps).values({
      participantId,
      cohort: row.cohort,
      viewers: row.viewers,
      emotionViewers: row.emotionViewers,
      video: row.video,
    });
    if (row.moments.length > 0)
      await db
        .insert(moments)
        .values(row.moments.map((moment) => ({ ...moment, participantId, cohort: row.cohort })));
  }
}

export type CohortHeatmapRow = typeof videoCohortHeatmaps.$inferSelect;

/** The cohorts' own gaze results of a video participant: none, or lab and remote. */
export async function listCohortHeatmapRows(
  db: Executor,
  participantId: number,
): Promise<CohortHeatmapRow[]> {
  return db.select().from(videoCohortHeatmaps).where(eq(videoCohortHeatmaps.participantId, participantId));
}
