import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
type RouteOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/** One in this many counts also removes the counters whose window ended over an hour ago. */
const CLEANUP_EVERY = 500;

/**
 * A store of @fastify/rate-limit that counts in PostgreSQL's `rate_limits`, so that every API
 * process behind one address shares a client's budget (RATE_LIMIT_STORE=postgres). One statement
 * a count: the row is created, counted up, or started again once its window ended, by the
 * database's clock, which all processes share. A route's counters are its own (the key names it).
 */
export function postgresRateLimitStore(db: Database) {
  class PostgresRateLimitStore {
    readonly prefix: string;
    constructor(prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      count(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      peek(db, `${this.prefix}${key}`).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(options: RouteOptions) {
      const method = [options.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(`${method} ${options.routeInfo?.url ?? ''}|`);
    }
  }
  return PostgresRateLimitStore;
}

type CountRows = { rows: Array<{ current: unknown; ttl: unknown }> };

/** Both drivers (pg, PGlite) answer `execute` with the rows under `rows`; drizzle types it per driver. */
function rowsOf(query: SQL, db: Database): Promise<CountRows> {
  return db.execute(query) as Promise<unknown> as Promise<CountRows>;
}

async function count(db: Database, key: string, timeWindowMs: number): Promise<Count> {
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

async function peek(db: Database, key: string): Promise<Count> {
  const result = await rowsOf(
    sql`
    select count as current, ceil(extract(epoch from reset_at - now()) * 1000)::int as ttl
    from rate_limits where key = ${key} and reset_at > now()`,
    db,
  );
  const [row] = result.rows;
  return row ? { current: Number(row.current), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}
