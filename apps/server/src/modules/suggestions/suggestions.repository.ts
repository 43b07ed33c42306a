import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, suggestions, users } from '../../db/schema.js';

export type SuggestionRow = typeof suggestions.$inferSelect;
export type SuggestionValues = Omit<typeof suggestions.$inferInsert, 'id' | 'testId' | 'rank'>;

const byRank = [asc(suggestions.rank), asc(suggestions.id)];

export async function listSuggestionRows(db: Executor, testId: number): Promise<SuggestionRow[]> {
  return db
    .select()
    .from(suggestions)
    .where(eq(suggestions.testId, testId))
    .orderBy(...byRank);
}

export async function findSuggestionRow(
  db: Executor,
  testId: number,
  id: number,
): Promise<SuggestionRow | null> {
  const [row] = await db
    .select()
    .from(suggestions)
    .where(and(eq(suggestions.testId, testId), eq(suggestions.id, id)));
  return row ?? null;
}

/** A new suggestion goes last; the caller holds the test's lock. */
export async function insertSuggestionRow(
  tx: Executor,
  testId: number,
  values: SuggestionValues,
): Promise<number> {
  const [existing] = await tx
    .select({ total: count() })
    .from(suggestions)
    .where(eq(suggestions.testId, testId));
  const [row] = await tx
    .insert(suggestions)
    .values({ ...values, testId, rank: (existing?.total ?? 0) + 1 })
    .returning({ id: suggestions.id });
  if (!row) throw new Error('insert returned no suggestion');
  return row.id;
}

export async function updateSuggestionRow(tx: Executor, id: number, values: Partial<SuggestionValues>) {
  await tx
    .update(suggestions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(suggestions.id, id));
}

/**
 * Ranks the test's suggestions 1 to n in the given order of ids, writing only the ranks that
 * change; the caller holds the test's lock.
 */
async function writeRanks(tx: Executor, ordered: { id: number; rank: number }[]): Promise<void> {
  for (const [index, suggestion] of ordered.entries()) {
    if (suggestion.rank !== index + 1)
      await tx
        .update(suggestions)
        .set({ rank: index + 1 })
        .where(eq(suggestions.id, suggestion.id));
  }
}

/** Moves the suggestion to `rank` (past the end: last) and renumbers the test's suggestions from 1. */
export async function moveSuggestionRow(tx: Executor, testId: number, id: number, rank: number) {
  const current = await tx
    .select({ id: suggestions.id, rank: suggestions.rank })
    .from(suggestions)
    .where(eq(suggestions.testId, testId))
    .orderBy(...byRank);
  const moved = current.find((suggestion) => suggestion.id === id);
  if (!moved) return;
  const others = current.filter((suggestion) => suggestion.id !== id);
  others.splice(Math.min(rank, current.length) - 1, 0, moved);
  await writeRanks(tx, others);
}

/** Removes the suggestion and renumbers the rest from 1; the caller holds the test's lock. */
export async function deleteSuggestionRow(tx: Executor, testId: number, id: number): Promise<void> {
  await tx.delete(suggestions).where(eq(suggestions.id, id));
  const rest = await tx
    .select({ id: suggestions.id, rank: suggestions.rank })
    .from(suggestions)
    .where(eq(suggestions.testId, testId))
    .orderBy(...byRank);
  await writeRanks(tx, rest);
}

/** What decides whether a user may own a suggestion of a test: their company and its licences. */
export async function findOwnerCandidate(db: Executor, userId: number) {
  const [row] = await db
    .select({
      role: users.role,
      companyId: users.companyId,
      licenceAnalysis: companies.licenceAnalysis,
      licenceResearch: companies.licenceResearch,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row ?? null;
}
