/**
 * The real app on a fresh embedded database (PGlite in a temp DATA_DIR) with the demo web tests
 * seeded as a first start does (`seedDemoData`, `seedDemoWebTests`), signed in as the demo client
 * admin: what the benchmarks of the results screens read through `app.inject`. Removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openEmbeddedDatabase } from '../apps/server/src/db/client.js';
import { seedReferenceData } from '../apps/server/src/db/reference-data.js';
import { DEMO_PASSWORD, seedDemoData } from '../apps/server/src/demo/demo-data.js';
import { seedDemoWebTests } from '../apps/server/src/demo/demo-recordings.js';
import { createDataFileStore } from '../apps/server/src/files/file-store.js';

const CLIENT_ADMIN = 'client.admin@limbus.test';

export type SeededDemoApp = {
  /** GET /api/v1{url} as the demo client admin. */
  get: (url: string) => Promise<LightMyRequestResponse>;
  /** How long seeding the web tests took. */
  seedMs: number;
};

export async function withSeededDemoApp<T>(
  participantsPerTest: number,
  work: (demo: SeededDemoApp) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-bench-demo-'));
  const jwtSecret = randomBytes(48).toString('base64url');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: 'http://127.0.0.1',
    AUTH_RATE_LIMIT: '100000',
  });
  const database = await openEmbeddedDatabase(dataDir);
  const files = createDataFileStore(dataDir);
  const app = await buildApp({ config, db: database.db, files, jwtSecret });
  try {
    await seedReferenceData(database.db);
    const seedStart = performance.now();
    const now = new Date();
    await seedDemoData(database.db, now);
    await seedDemoWebTests(
      { db: database.db, files, log: app.log, clock: () => new Date() },
      { now, participantsPerTest },
    );
    const seedMs = performance.now() - seedStart;
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      payload: { email: CLIENT_ADMIN, password: DEMO_PASSWORD },
    });
    const authorization = `Bearer ${(signedIn.json() as { access_token: string }).access_token}`;
    const get = (url: string) => app.inject({ url: `/api/v1${url}`, headers: { authorization } });
    return await work({ get, seedMs });
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
