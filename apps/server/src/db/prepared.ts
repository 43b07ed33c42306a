import type { Executor } from './client.js';

/**
 * A query prepared once per database (or transaction) and reused: for the most read calls, whose
 * SQL drizzle would otherwise build on every request (bench/load.ts: a third of a read's CPU on
 * the embedded database). `build` names the statement, unique per query.
 */
export function preparedPerDatabase<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const queries = new WeakMap<Executor, Query>();
  return (db) => {
    const found = queries.get(db);
    if (found) return found;
    const query = build(db);
    queries.set(db, query);
    return query;
  };
}
