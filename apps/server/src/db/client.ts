import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server ends (restart, failover, DROP DATABASE … FORCE) is dropped
  // by the pool and replaced on the next query; without a listener its error would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** An in-memory embedded database, for tests. */
export async function openMemoryDatabase(): Promise<DatabaseHandle> {
  const client = await PGlite.create();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
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
    const db = drizzlePglite(client, { schema });
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
