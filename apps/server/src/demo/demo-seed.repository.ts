import { and, count, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { jobs, tests, users } from '../db/schema.js';

/** A database without users has never been used: the start seeds the demo in it. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users);
  return (row?.users ?? 0) === 0;
}

/**
 * A demo seed that was begun and not finished is marked by a row of the jobs table that no runner
 * claims (it is due at the end of time): written in the transaction of the demo accounts, removed
 * once every demo recording is seeded. The start finishes the seed while the mark is there.
 */
const PENDING_KIND = 'demo_seed';
const NEVER = new Date('9999-12-31T00:00:00Z');

/** The state of a demo test while it is being seeded; a start removes such tests and seeds them again. */
export const SEEDING = 'demo_seeding';

export async function markDemoSeedPending(db: Executor): Promise<void> {
  await db.insert(jobs).values({ kind: PENDING_KIND, payload: {}, runAfter: NEVER });
}

export async function isDemoSeedPending(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, PENDING_KIND)).limit(1);
  return row !== undefined;
}

export async function clearDemoSeedPending(db: Executor): Promise<void> {
  await db.delete(jobs).where(eq(jobs.kind, PENDING_KIND));
}

/** Removes the demo tests a killed seed left half made (their rows go with them, by cascade). */
export async function removeHalfSeededTests(db: Executor): Promise<void> {
  await db.delete(tests).where(eq(tests.internalState, SEEDING));
}

/** True when a complete demo test of this name exists for the company. */
export async function isDemoTestSeeded(db: Executor, companyId: number, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tests.id })
    .from(tests)
    .where(and(eq(tests.companyId, companyId), eq(tests.name, name), eq(tests.state, 'done')))
    .limit(1);
  return row !== undefined;
}

export async function markDemoTestSeeded(db: Executor, testId: number): Promise<void> {
  await db.update(tests).set({ internalState: null }).where(eq(tests.id, testId));
}
