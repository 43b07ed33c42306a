import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRIZZLE_TEXT_TYPES, drizzleOnPglite, openEmbeddedDatabase } from './client.js';
import { seedReferenceData } from './reference-data.js';
import * as schema from './schema.js';
import { countries, users } from './schema.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Each test opens and migrates fresh PGlite databases (8–15 s of a quiet core); a 2-core machine
// running the journeys beside doubles that.
describe('embedded database', { timeout: 90_000 }, () => {
  it('creates a migrated database that keeps its data across restarts', async () => {
    const dataDir = tempDir();
    const first = await openEmbeddedDatabase(dataDir);
    await seedReferenceData(first.db);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    const second = await openEmbeddedDatabase(dataDir);
    expect((await second.db.select().from(countries)).length).toBe(249);
    await second.close();
  });

  it('refuses a data directory that a running process holds', async () => {
    const dataDir = tempDir();
    const open = await openEmbeddedDatabase(dataDir);
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(/in use by process/);
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.pid));
    await open.close();
  });

  it('takes over the lock of a process that died, and ignores a half-made database of a killed start', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'db.lock'), '999999999');
    fs.mkdirSync(path.join(dataDir, 'db.new-999999999'));
    fs.writeFileSync(path.join(dataDir, 'db.new-999999999', 'PG_VERSION'), 'half');
    const handle = await openEmbeddedDatabase(dataDir);
    await seedReferenceData(handle.db);
    expect((await handle.db.select().from(countries)).length).toBe(249);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('db.new-'))).toEqual([]);
    await handle.close();
  });
});

describe('drizzle on PGlite', { timeout: 90_000 }, () => {
  const migrationsFolder = path.join(import.meta.dirname, 'migrations');
  const probe = sql`select
    timestamp '2026-01-12 09:30:00.123' as ts,
    timestamptz '2026-01-12 09:30:00.123+01' as tstz,
    date '2026-01-12' as day,
    interval '1 day 2 hours' as span,
    array[1.5, 2.25]::numeric[] as numbers,
    array[timestamp '2026-01-12 09:30']::timestamp[] as stamps,
    array[timestamptz '2026-01-12 09:30+00']::timestamptz[] as stampstz,
    array[interval '1 hour']::interval[] as spans,
    array[date '2026-01-12']::date[] as days,
    42::int as n, 'x'::text as t, '{"a":1}'::jsonb as j, array[1,2]::int[] as ints`;

  it("installs drizzle's parsers once: the same answers, and no query carries its own parsers", async () => {
    const plainClient = await PGlite.create();
    const client = await PGlite.create();
    const plainQuery = vi.spyOn(plainClient, 'query');
    const query = vi.spyOn(client, 'query');
    const plain = drizzlePglite(plainClient, { schema });
    const db = drizzleOnPglite(client);
    try {
      const expected = (await plain.execute(probe)).rows;
      expect((await db.execute(probe)).rows).toEqual(expected);
      expect(await db.transaction(async (tx) => (await tx.execute(probe)).rows)).toEqual(expected);
      for (const each of [plain, db]) {
        await migratePglite(each, { migrationsFolder });
        await each.transaction(async (tx) => {
          const at = new Date(1e12);
          await tx
            .insert(users)
            .values({ email: 'a@limbus.test', role: 'admin', confirmedAt: at, createdAt: at, updatedAt: at });
        });
      }
      const rows = await db.select().from(users);
      expect(rows[0]?.confirmedAt).toEqual(new Date(1e12));
      expect(rows).toEqual(await plain.select().from(users));

      // drizzle sends exactly the parsers that drizzleOnPglite installs (a newer drizzle may not).
      const sent = plainQuery.mock.calls.map(([, , options]) => Object.keys(options?.parsers ?? {}));
      expect(new Set(sent.map((types) => types.map(Number).sort().join()))).toEqual(
        new Set([[...DRIZZLE_TEXT_TYPES].sort().join()]),
      );
      expect(query).toHaveBeenCalled();
      for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined();
    } finally {
      await client.close();
      await plainClient.close();
    }
  });
});
