import type { Database } from '../db/client.js';
import { countRateLimit, type RateLimitCount, readRateLimit } from './rate-limits.repository.js';

type Callback = (error: Error | null, result?: RateLimitCount) => void;
type RouteOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store of @fastify/rate-limit that counts in PostgreSQL's `rate_limits`, so that every API
 * process behind one address shares a client's budget (RATE_LIMIT_STORE=postgres), one statement
 * a count (rate-limits.repository.ts). A route's counters are its own (the key names it).
 */
export function postgresRateLimitStore(db: Database) {
  class PostgresRateLimitStore {
    readonly prefix: string;
    constructor(prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countRateLimit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      readRateLimit(db, `${this.prefix}${key}`).then(
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
