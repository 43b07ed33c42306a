import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirectoryLock } from './directory-lock.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or a transaction they run inside. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 'limbus_migrations';

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server ends (restart, failover, DROP DATABASE … FORCE) is dropped
  // by the pool and replaced on the next query; without a listener its error would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  // Several processes (API processes, workers) may start at once on a new database: one migrates
  // while the others wait on the lock, then find nothing left to do.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * The types that drizzle's PGlite driver asks to keep as the text Postgres sends (dates,
 * timestamps, intervals, numeric[] and their arrays): it passes these parsers with every query.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** A PGlite client or one of its transactions. */
type Queryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>;

/**
 * drizzle on a PGlite client. drizzle passes its parsers (DRIZZLE_TEXT_TYPES) with every query,
 * and PGlite merges them into its own ≈350 parsers on each call: copying that object cost
 * 0.3–0.5 ms a query, more than a read by primary key takes (bench/load.ts). They are installed
 * in the client once, and a query whose parsers are all installed goes without its own copy. The
 * answers are the same: the installed parser is looked up by type as the merged one was.
 */
export function drizzleOnPglite(client: PGlite) {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = (value: string) => value;
  const installed = new Set(DRIZZLE_TEXT_TYPES.map(String));
  const withoutInstalledParsers = (options: QueryOptions | undefined) =>
    options?.parsers && Object.keys(options.parsers).every((type) => installed.has(type))
      ? { ...options, parsers: undefined }
      : options;
  const adapt = <T extends Queryable>(target: T): T => {
    const query: PGlite['query'] = (text, params, options) =>
      target.query(text, params, withoutInstalledParsers(options));
    const transaction = target.transaction?.bind(target);
    const adaptedTransaction: PGlite['transaction'] | undefined =
      transaction && ((callback) => transaction((tx) => callback(adapt(tx))));
    return new Proxy(target, {
      get(object, property) {
        if (property === 'query') return query;
        if (property === 'transaction') return adaptedTransaction;
        const value: unknown = Reflect.get(object, property, object);
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  };
  return drizzlePglite(adapt(client), { schema });
}

/**
 * An in-memory embedded database, for tests: a copy of a migrated one (migratedTemplate), as
 * creating and migrating anew took 3–6 s for each of some 200 test files.
 */
export async function openMemoryDatabase(): Promise<DatabaseHandle> {
  const client = await openFromTemplate();
  const db = drizzleOnPglite(client);
  await migratePglite(db, { migrationsFolder }); // nothing left to do when the template is current
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openFromTemplate(): Promise<PGlite> {
  const template = await migratedTemplate();
  try {
    return await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(template)]) });
  } catch {
    // a template another PGlite version wrote, or a damaged one: made again next time
    fs.rmSync(template, { force: true });
    return PGlite.create();
  }
}

/**
 * The data directory of a freshly migrated database, as a tar file in the temp directory named
 * after the migrations, made by the first test file that needs it (written to a temp name and
 * renamed, so that files running at the same time never read half of one).
 */
async function migratedTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `limbus-pglite-template-${migrationsDigest()}.tar`);
  if (fs.existsSync(file)) return file;
  const client = await PGlite.create();
  try {
    await migratePglite(drizzleOnPglite(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The embedded database under `dataDir/db`. PGlite has no lock of its own, so the directory is
 * locked for this process; a new database is built in a temporary directory and renamed into
 * place, so a process killed during the first start never leaves a half-made database.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<DatabaseHandle> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDirectoryLock(path.join(dataDir, 'db.lock'));
  try {
    const dbDir = path.join(dataDir, 'db');
    removeUnfinishedDatabases(dataDir);
    if (!fs.existsSync(dbDir)) await createDatabaseDirectory(dbDir);
    const client = await PGlite.create(dbDir);
    const db = drizzleOnPglite(client);
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Leftovers of a first start that was killed; safe to remove while we hold the lock. */
function removeUnfinishedDatabases(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith('db.new-')) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

async function createDatabaseDirectory(dbDir: string): Promise<void> {
  const tempDir = `${dbDir}.new-${process.pid}`;
  const client = await PGlite.create(tempDir);
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  await client.close();
  fs.renameSync(tempDir, dbDir);
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openEmbeddedDatabase(options.dataDir);
}
