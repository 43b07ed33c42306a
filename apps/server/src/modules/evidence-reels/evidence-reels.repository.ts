import type { Platform, ReelCaptionLanguage } from '@limbus/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { evidenceReels, insights, participants, significantPoints, tests } from '../../db/schema.js';

/** A reel with what its render needs of its insight and test. */
export type ReelRow = typeof evidenceReels.$inferSelect & {
  testId: number;
  insightTitle: string;
  platform: Platform;
};
export type ReelValues = Partial<Omit<typeof evidenceReels.$inferInsert, 'id' | 'insightId'>>;

const selectReels = (db: Executor) =>
  db
    .select({
      reel: evidenceReels,
      testId: insights.testId,
      insightTitle: insights.title,
      platform: tests.platform,
    })
    .from(evidenceReels)
    .innerJoin(insights, eq(insights.id, evidenceReels.insightId))
    .innerJoin(tests, eq(tests.id, insights.testId));

type SelectedReel = {
  reel: typeof evidenceReels.$inferSelect;
  testId: number;
  insightTitle: string;
  platform: Platform;
};
const toReelRow = ({ reel, ...rest }: SelectedReel): ReelRow => ({ ...reel, ...rest });

export async function findReelRow(db: Executor, id: number): Promise<ReelRow | null> {
  const [row] = await selectReels(db).where(eq(evidenceReels.id, id));
  return row ? toReelRow(row) : null;
}

export async function findReelOfInsight(db: Executor, insightId: number): Promise<ReelRow | null> {
  const [row] = await selectReels(db).where(eq(evidenceReels.insightId, insightId));
  return row ? toReelRow(row) : null;
}

/** Creates the insight's reel, or replaces its clips when it has one (a refresh). */
/** Makes the insight's reel, or starts it again from `values` (its caption language stays). */
export async function upsertReelRow(
  db: Executor,
  insightId: number,
  values: Pick<typeof evidenceReels.$inferInsert, 'clips' | 'leftOut'>,
  firstCaptionLanguage: ReelCaptionLanguage,
): Promise<number> {
  const [row] = await db
    .insert(evidenceReels)
    .values({ insightId, ...values, captionLanguage: firstCaptionLanguage })
    .onConflictDoUpdate({
      target: evidenceReels.insightId,
      set: { ...values, state: 'draft', published: false, progress: 0, message: null, updatedAt: sql`now()` },
    })
    .returning({ id: evidenceReels.id });
  if (!row) throw new Error('the reel was not written');
  return row.id;
}

/** The reel's row, locked until the caller's transaction ends. */
export async function lockReelRow(tx: Executor, id: number) {
  const [row] = await tx.select().from(evidenceReels).where(eq(evidenceReels.id, id)).for('update');
  return row ?? null;
}

export async function updateReelRow(db: Executor, id: number, values: ReelValues): Promise<void> {
  await db
    .update(evidenceReels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(evidenceReels.id, id));
}

export type StoredReel = typeof evidenceReels.$inferSelect;

/**
 * The participant's points, with the reels of its test that list or show one of them, locked for
 * the caller's change (an erasure, retention) so that a render that ends meanwhile waits for it.
 */
export async function lockReelsOfParticipant(
  tx: Executor,
  participantId: number,
): Promise<{ pointIds: number[]; reels: StoredReel[] }> {
  const points = await tx
    .select({ id: significantPoints.id, testId: participants.testId })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(eq(significantPoints.participantId, participantId));
  const testId = points[0]?.testId;
  if (testId === undefined) return { pointIds: [], reels: [] };
  const rows = await tx
    .select({ reel: evidenceReels })
    .from(evidenceReels)
    .innerJoin(insights, eq(insights.id, evidenceReels.insightId))
    .where(eq(insights.testId, testId))
    .orderBy(evidenceReels.id)
    .for('update', { of: evidenceReels });
  return { pointIds: points.map((point) => point.id), reels: rows.map((row) => row.reel) };
}

export async function deleteReelRow(tx: Executor, id: number): Promise<void> {
  await tx.delete(evidenceReels).where(eq(evidenceReels.id, id));
}

/** The stored files of the reels of an insight, a test or a company (to delete after their rows). */
export async function listReelFileKeys(
  db: Executor,
  of: { insightId: number } | { testId: number } | { companyId: number },
): Promise<string[]> {
  const owner =
    'insightId' in of
      ? eq(insights.id, of.insightId)
      : 'testId' in of
        ? eq(insights.testId, of.testId)
        : inArray(
            insights.testId,
            db.select({ id: tests.id }).from(tests).where(eq(tests.companyId, of.companyId)),
          );
  const rows = await db
    .select({ fileKey: evidenceReels.fileKey })
    .from(evidenceReels)
    .innerJoin(insights, eq(insights.id, evidenceReels.insightId))
    .where(and(owner, sql`${evidenceReels.fileKey} is not null`));
  return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
}
