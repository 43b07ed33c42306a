import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from './client.js';
import { countries } from './schema.js';
import { seedReferenceData } from './seed/reference-data.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded database', () => {
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
