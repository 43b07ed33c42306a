import { and, asc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  evidenceReels,
  insightSignificantPoints,
  insights,
  participants,
  significantPoints,
  tests,
} from '../../db/schema.js';

export type InsightRow = typeof insights.$inferSelect;
export type InsightValues = Omit<typeof insights.$inferInsert, 'id' | 'testId' | 'assignedId'>;

/**
 * Locks the test's row until the transaction ends: numbering within a test (insights' assigned
 * numbers, suggestions' ranks) reads the current numbers and writes new ones, one writer at a time.
 */
export async function lockTestRow(tx: Executor, testId: number): Promise<void> {
  await tx.select({ id: tests.id }).from(tests).where(eq(tests.id, testId)).for('update');
}

export async function listInsightRows(db: Executor, testId: number): Promise<InsightRow[]> {
  return db.select().from(insights).where(eq(insights.testId, testId)).orderBy(asc(insights.assignedId));
}

export async function findInsightRow(db: Executor, testId: number, id: number): Promise<InsightRow | null> {
  const [row] = await db
    .select()
    .from(insights)
    .where(and(eq(insights.testId, testId), eq(insights.id, id)));
  return row ?? null;
}

/** The significant points linked to the insights, in time order (without their tags). */
export async function listLinkedPoints(db: Executor, insightIds: number[]) {
  if (insightIds.length === 0) return [];
  return db
    .select({
      insightId: insightSignificantPoints.insightId,
      point: significantPoints,
      participantRealId: participants.realId,
    })
    .from(insightSignificantPoints)
    .innerJoin(significantPoints, eq(significantPoints.id, insightSignificantPoints.significantPointId))
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(inArray(insightSignificantPoints.insightId, insightIds))
    .orderBy(asc(significantPoints.timestampTop), asc(significantPoints.id));
}

/** Which of `pointIds` are significant points of the test's participants. */
export async function findPointIdsOfTest(
  db: Executor,
  testId: number,
  pointIds: number[],
): Promise<number[]> {
  if (pointIds.length === 0) return [];
  const rows = await db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(and(eq(participants.testId, testId), inArray(significantPoints.id, pointIds)));
  return rows.map((row) => row.id);
}

/** A new insight numbered after the test's last one; the caller holds the test's lock. */
export async function insertInsightRow(tx: Executor, testId: number, values: InsightValues): Promise<number> {
  const [last] = await tx
    .select({ number: max(insights.assignedId) })
    .from(insights)
    .where(eq(insights.testId, testId));
  const [row] = await tx
    .insert(insights)
    .values({ ...values, testId, assignedId: (last?.number ?? 0) + 1 })
    .returning({ id: insights.id });
  if (!row) throw new Error('insert returned no insight');
  return row.id;
}

export async function updateInsightRow(tx: Executor, id: number, values: Partial<InsightValues>) {
  await tx
    .update(insights)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(insights.id, id));
}

export async function replaceLinkedPoints(tx: Executor, insightId: number, pointIds: number[]) {
  await tx.delete(insightSignificantPoints).where(eq(insightSignificantPoints.insightId, insightId));
  if (pointIds.length === 0) return;
  await tx
    .insert(insightSignificantPoints)
    .values(pointIds.map((significantPointId) => ({ insightId, significantPointId })));
}

/**
 * Removes the insight and closes the gap in the numbering; the caller holds the test's lock.
 * Answers the stored files of its evidence reel.
 * The numbers pass through negatives: (test, number) is unique, and one UPDATE that shifts
 * 4→3 and 5→4 may meet the old 4 on its way.
 */
export async function deleteInsightRow(tx: Executor, testId: number, insight: InsightRow): Promise<string[]> {
  // Its evidence reel goes by cascade; the reel's file is the caller's to delete once committed.
  const reels = await tx
    .delete(evidenceReels)
    .where(eq(evidenceReels.insightId, insight.id))
    .returning({ fileKey: evidenceReels.fileKey });
  await tx.delete(insights).where(eq(insights.id, insight.id));
  const after = and(eq(insights.testId, testId), gt(insights.assignedId, insight.assignedId));
  await tx
    .update(insights)
    .set({ assignedId: sql`-${insights.assignedId}` })
    .where(after);
  await tx
    .update(insights)
    .set({ assignedId: sql`-${insights.assignedId} - 1` })
    .where(and(eq(insights.testId, testId), sql`${insights.assignedId} < 0`));
  return reels.flatMap((reel) => (reel.fileKey ? [reel.fileKey] : []));
}
