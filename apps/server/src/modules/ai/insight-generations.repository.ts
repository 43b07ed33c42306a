import type { ErrorCode, InsightGeneration, InsightProposal } from '@limbus/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { aiInsightGenerations, participants } from '../../db/schema.js';
import { toUnixSeconds } from '../users/users.mappers.js';

export type InsightGenerationRow = typeof aiInsightGenerations.$inferSelect;

export async function insertGeneration(
  db: Executor,
  values: { testId: number; requesterId: number; tagId: number; focusPoint: string; at: Date },
): Promise<InsightGenerationRow> {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(aiInsightGenerations)
    .values({ ...rest, createdAt: at, updatedAt: at })
    .returning();
  if (!row) throw new Error('insert into ai_insight_generations returned no row');
  return row;
}

/** A generation of the test, or null (another test's generation is not found under this one). */
export async function findGeneration(
  db: Executor,
  testId: number,
  id: number,
): Promise<InsightGenerationRow | null> {
  const [row] = await db
    .select()
    .from(aiInsightGenerations)
    .where(and(eq(aiInsightGenerations.id, id), eq(aiInsightGenerations.testId, testId)));
  return row ?? null;
}

export async function findGenerationById(db: Executor, id: number): Promise<InsightGenerationRow | null> {
  const [row] = await db.select().from(aiInsightGenerations).where(eq(aiInsightGenerations.id, id));
  return row ?? null;
}

const unfinished = inArray(aiInsightGenerations.state, ['queued', 'running']);

/**
 * Marks a run started and counts it; null when the generation is gone or already finished (a job
 * taken up again after its runner stored the answer and died before completing the job).
 */
export async function startGenerationRun(
  db: Executor,
  id: number,
  now: Date,
): Promise<InsightGenerationRow | null> {
  const [row] = await db
    .update(aiInsightGenerations)
    .set({
      state: 'running',
      attempts: sql`${aiInsightGenerations.attempts} + 1`,
      updatedAt: now,
    })
    .where(and(eq(aiInsightGenerations.id, id), unfinished))
    .returning();
  return row ?? null;
}

export type GenerationOutcome =
  | { state: 'done'; result: InsightProposal }
  | { state: 'failed'; code: ErrorCode; message: string };

const outcomeValues = (outcome: GenerationOutcome, now: Date) =>
  outcome.state === 'done'
    ? { state: 'done' as const, result: outcome.result, errorCode: null, errorMessage: null, updatedAt: now }
    : {
        state: 'failed' as const,
        result: null,
        errorCode: outcome.code,
        errorMessage: outcome.message,
        updatedAt: now,
      };

/**
 * Stores the outcome of the run numbered `attempt`; false when a later run has taken the
 * generation over (this run's runner was presumed dead) or it finished meanwhile.
 */
export async function finishGenerationRun(
  db: Executor,
  id: number,
  attempt: number,
  outcome: GenerationOutcome,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(aiInsightGenerations)
    .set(outcomeValues(outcome, now))
    .where(
      and(
        eq(aiInsightGenerations.id, id),
        eq(aiInsightGenerations.attempts, attempt),
        eq(aiInsightGenerations.state, 'running'),
      ),
    )
    .returning({ id: aiInsightGenerations.id });
  return rows.length > 0;
}

/** Fails a generation that is still queued or running, whichever run it is in (the job gave up). */
export async function failUnfinishedGeneration(
  db: Executor,
  id: number,
  failure: { code: ErrorCode; message: string },
  now: Date,
): Promise<void> {
  await db
    .update(aiInsightGenerations)
    .set(outcomeValues({ state: 'failed', ...failure }, now))
    .where(and(eq(aiInsightGenerations.id, id), unfinished));
}

export function toInsightGeneration(row: InsightGenerationRow): InsightGeneration {
  return {
    id: row.id,
    test_id: row.testId,
    tag_id: row.tagId,
    focus_point: row.focusPoint,
    state: row.state,
    attempts: row.attempts,
    created_at: toUnixSeconds(row.createdAt),
    updated_at: toUnixSeconds(row.updatedAt),
    // Stored by the job from the contract's shape; the route's answer schema checks it again.
    result: row.state === 'done' && row.result ? (row.result as InsightProposal) : null,
    error:
      row.state === 'failed'
        ? {
            code: (row.errorCode ?? 'internal') as ErrorCode,
            message: row.errorMessage ?? 'The insight could not be written. Try again.',
          }
        : null,
  };
}

/** The real_id of each of the participants, by id (a participant gone is left out). */
export async function findRealIds(db: Executor, participantIds: number[]): Promise<Map<number, string>> {
  if (participantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: participants.id, realId: participants.realId })
    .from(participants)
    .where(inArray(participants.id, participantIds));
  return new Map(rows.map((row) => [row.id, row.realId]));
}
