import { and, eq, gt, like, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, rateLimits } from '../../db/schema.js';

/** The demo company, which self sign-ups join; null when there is none. */
export async function findDemoCompanyId(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.isDemo, true))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The failed sign-ins of an account (`key`) still counting at `now`. They are kept in the
 * `rate_limits` counters that every API process shares (issue 28, finding 9), by the server's
 * clock, so that the slow-down is the same whichever process answers.
 */
export async function readSignInFailures(db: Executor, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
  return row?.count ?? 0;
}

/**
 * Counts one failed sign-in of `key` in one statement and answers the count: each failure keeps
 * the count for `windowMs` more; a count whose time ran out starts again at 1.
 */
export async function countSignInFailure(
  db: Executor,
  key: string,
  now: Date,
  windowMs: number,
): Promise<number> {
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** Forgets the failed sign-ins of `key` (the right password was given). */
export async function clearSignInFailures(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Removes the counts under `prefix` whose time ran out by `now` (the counters of addresses nobody tries any more). */
export async function deleteEndedSignInFailures(db: Executor, prefix: string, now: Date): Promise<void> {
  await db.delete(rateLimits).where(and(like(rateLimits.key, `${prefix}%`), lte(rateLimits.resetAt, now)));
}
