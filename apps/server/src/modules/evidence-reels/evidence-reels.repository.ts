import type { Platform } from '@limbus/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { evidenceReels, insights, tests } from '../../db/schema.js';

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
export async function upsertReelRow(
  db: Executor,
  insightId: number,
  values: Pick<typeof evidenceReels.$inferInsert, 'clips' | 'leftOut'>,
): Promise<number> {
  const [row] = await db
    .insert(evidenceReels)
    .values({ insightId, ...values })
    .onConflictDoUpdate({
      target: evidenceReels.insightId,
      set: { ...values, state: 'draft', published: false, progress: 0, message: null, updatedAt: sql`now()` },
    })
    .returning({ id: evidenceReels.id });
  if (!row) throw new Error('the reel was not written');
  return row.id;
}

export async function updateReelRow(db: Executor, id: number, values: ReelValues): Promise<void> {
  await db
    .update(evidenceReels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(evidenceReels.id, id));
}
