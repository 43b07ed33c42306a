import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { heatmaps, significantPoints } from '../../db/schema.js';

export type HeatmapRow = typeof heatmaps.$inferSelect;
export type HeatmapValues = Partial<Omit<typeof heatmaps.$inferInsert, 'id' | 'testId'>>;

export async function listHeatmapRows(db: Executor, testId: number): Promise<HeatmapRow[]> {
  return db.select().from(heatmaps).where(eq(heatmaps.testId, testId)).orderBy(asc(heatmaps.id));
}

export async function findHeatmapRow(db: Executor, testId: number, id: number): Promise<HeatmapRow | null> {
  const [row] = await db
    .select()
    .from(heatmaps)
    .where(and(eq(heatmaps.testId, testId), eq(heatmaps.id, id)));
  return row ?? null;
}

export async function findHeatmapById(db: Executor, id: number): Promise<HeatmapRow | null> {
  const [row] = await db.select().from(heatmaps).where(eq(heatmaps.id, id));
  return row ?? null;
}

export async function insertHeatmapRow(db: Executor, testId: number, values: HeatmapValues) {
  const [row] = await db
    .insert(heatmaps)
    .values({ ...values, testId })
    .returning();
  if (!row) throw new Error('insert returned no heatmap');
  return row;
}

export async function updateHeatmapRow(db: Executor, id: number, values: HeatmapValues) {
  const [row] = await db
    .update(heatmaps)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(heatmaps.id, id))
    .returning();
  return row ?? null;
}

/** Records the size of the row's screenshot if it is still that one; the page's change time stays. */
export async function setScreenshotSize(
  db: Executor,
  id: number,
  screenshot: { name: string; width: number | null; height: number | null },
): Promise<void> {
  await db
    .update(heatmaps)
    .set({ screenshotWidth: screenshot.width, screenshotHeight: screenshot.height })
    .where(and(eq(heatmaps.id, id), eq(heatmaps.screenshot, screenshot.name)));
}

export async function deleteHeatmapRow(db: Executor, id: number): Promise<void> {
  await db.delete(heatmaps).where(eq(heatmaps.id, id));
}

/** The tops (epoch ms) of the participants' significant points of one emotion, false positives left out. */
export async function peakTimesByParticipant(
  db: Executor,
  participantIds: readonly number[],
  emotion: 'joy' | 'attention' | 'frustration',
): Promise<Map<number, number[]>> {
  const byParticipant = new Map<number, number[]>();
  if (participantIds.length === 0) return byParticipant;
  const rows = await db
    .select({ participantId: significantPoints.participantId, top: significantPoints.timestampTop })
    .from(significantPoints)
    .where(
      and(
        inArray(significantPoints.participantId, [...participantIds]),
        eq(significantPoints.emotion, emotion),
        eq(significantPoints.falsePositive, false),
      ),
    )
    .orderBy(asc(significantPoints.timestampTop));
  for (const row of rows) {
    const list = byParticipant.get(row.participantId) ?? [];
    list.push(row.top);
    byParticipant.set(row.participantId, list);
  }
  return byParticipant;
}
