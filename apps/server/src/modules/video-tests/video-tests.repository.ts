import type { VideoSeriesKind } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { participants, tests, videoSeries } from '../../db/schema.js';

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
