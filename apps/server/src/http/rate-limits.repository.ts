import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** A client's count in its current window, and the milliseconds until the window ends. */
export type RateLimitCount = { current: number; ttl: number };

/** One in this many counts also removes the counters whose window ended over an hour ago. */
const CLEANUP_EVERY = 500;

type CountRows = { rows: Array<{ current: unknown; ttl: unknown }> };

/** Both drivers (pg, PGlite) answer `execute` with the rows under `rows`; drizzle types it per driver. */
function rowsOf(query: SQL, db: Database): Promise<CountRows> {
  return db.execute(query) as Promise<unknown> as Promise<CountRows>;
}

/**
 * Counts one request of `key` in `rate_limits` in one statement: the row is created, counted up,
 * or started again once its window ended, by the database's clock, which all processes share.
 */
export async function countRateLimit(
  db: Database,
  key: string,
  timeWindowMs: number,
): Promise<RateLimitCount> {
  const window = `${Math.max(1, Math.round(timeWindowMs))} milliseconds`;
  const result = await rowsOf(
    sql`
    insert into rate_limits as r (key, count, reset_at) values (${key}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.count as current, ceil(extract(epoch from r.reset_at - now()) * 1000)::int as ttl`,
    db,
  );
  if (Math.random() * CLEANUP_EVERY < 1)
    await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
  const [row] = result.rows;
  return { current: Number(row?.current ?? 1), ttl: Math.max(0, Number(row?.ttl ?? timeWindowMs)) };
}

/** The count of `key` in its current window, without counting; zero when none is running. */
export async function readRateLimit(db: Database, key: string): Promise<RateLimitCount> {
  const result = await rowsOf(
    sql`
    select count as current, ceil(extract(epoch from reset_at - now()) * 1000)::int as ttl
    from rate_limits where key = ${key} and reset_at > now()`,
    db,
  );
  const [row] = result.rows;
  return row ? { current: Number(row.current), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}
