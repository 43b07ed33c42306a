import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openMemoryDatabase, openPostgres } from '../src/db/client.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * named `<prefix>_<random>` on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(prefix = 'limbus_test'): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openMemoryDatabase();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Drops the databases that openTestDatabase made with `prefix` and nobody closed. */
export async function dropTestDatabases(serverUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select datname as name from pg_database where starts_with(datname, $1 || '_')",
      [prefix],
    );
    for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Runs one statement on a PostgreSQL server (create or drop a test database). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
