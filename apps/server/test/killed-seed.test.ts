/**
 * The first start seeds the demo; a kill in the middle of it must not leave a half-seeded
 * database for good: the next start completes it (docs/decisions/server-and-scale-out.md, "Hardening").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { jobs, participants, tests } from '../src/db/schema.js';
import { DEMO_PARTICIPANTS_PER_TEST } from '../src/demo/demo-recordings.js';
import { PUBLISH_DEMO_REELS } from '../src/demo/demo-reels.js';
import { DEMO_SEED_STEP_LINE } from '../src/demo/demo-seed.js';
import { startServer } from './server-process.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-killed-seed-'));
const env = {
  NODE_ENV: 'test',
  DATA_DIR: path.join(root, 'data'),
  SEED_DEMO: '1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'killed-seed-test-secret-long-enough-for-hs256',
  WEB_DIST: path.join(root, 'web'),
  TMPDIR: root,
};
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const RECORDED = /^(Acme Running webshop|Runner 2: feel lighter)/;

/** Participants of each recorded demo test, by test name and company. */
async function seededTests(): Promise<{ name: string; companyId: number; participants: number }[]> {
  const database = await openDatabase(loadConfig(env));
  try {
    const rows = await database.db
      .select({ name: tests.name, companyId: tests.companyId, participants: count(participants.id) })
      .from(tests)
      .leftJoin(participants, eq(participants.testId, tests.id))
      .groupBy(tests.id)
      .orderBy(tests.companyId, tests.name);
    return rows.filter((row) => RECORDED.test(row.name));
  } finally {
    await database.close();
  }
}

it('completes the demo seed on the next start after a kill during the first one', async () => {
  const first = await startServer(env, 600_000, DEMO_SEED_STEP_LINE);
  await first.kill();
  const halfSeeded = await seededTests();
  expect(halfSeeded.length).toBeGreaterThan(0);

  const second = await startServer(env, 600_000);
  await second.kill();
  const seeded = await seededTests();
  // 2 web tests and a video test for each of 2 companies, each with its viewers (the video test
  // also has its aggregated video participant), no test twice.
  expect(seeded.length).toBe(6);
  expect(new Set(seeded.map((test) => `${test.companyId} ${test.name}`)).size).toBe(6);
  for (const test of seeded) expect(test.participants).toBeGreaterThanOrEqual(DEMO_PARTICIPANTS_PER_TEST);
  // the demo's reels are queued once, by the start that finished the seed, for two insights
  const reelJobs = await demoReelJobs();
  expect(reelJobs).toHaveLength(1);
  // two insights, fewer when the second start made one's reel before its kill
  expect(reelJobs[0]?.insight_ids).toEqual(expect.arrayContaining([expect.any(Number)]));
}, 900_000);

async function demoReelJobs(): Promise<Record<string, unknown>[]> {
  const database = await openDatabase(loadConfig(env));
  try {
    const rows = await database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, PUBLISH_DEMO_REELS));
    return rows.map((row) => row.payload);
  } finally {
    await database.close();
  }
}
