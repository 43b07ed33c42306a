/**
 * Insight generation as a job (docs/decisions/insights-and-ai.md, 2026-11-28): queued by POST, run
 * by the durable runner (in process when woken, or by a worker), retried when its runner dies,
 * failed for good by giveUp, read back by the user who asked and provider staff, and kept across a
 * restart.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type InsightGeneration, insightGenerationAnswer } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, expectError, expectOk } from '../../../test/api.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/create-test-app.js';
import {
  buildCompany,
  buildParticipant,
  buildTest,
  buildUser,
  buildWorld,
  signIn,
} from '../../../test/factories.js';
import { startFakeModel } from '../../../test/fake-model-server.js';
import { adminQuery } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { seedReferenceData } from '../../db/reference-data.js';
import { aiInsightGenerations, jobs, significantPointTags, tags } from '../../db/schema.js';
import { createDataFileStore } from '../../files/file-store.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import {
  createJobRunner,
  JOB_LEASE_MS,
  JOB_MAX_ATTEMPTS,
  type JobDeps,
  runJobsUntilIdle,
  runNextJob,
} from '../../jobs/job-runner.js';
import { claimJob } from '../../jobs/jobs.repository.js';
import { GENERATE_INSIGHT, GENERATION_STOPPED_MESSAGE } from './insight-generation-job.js';

const AT = Date.UTC(2026, 0, 12, 9, 30);

/** A test of `companyId` with two participants' points under the tag 'Checkout'. */
async function taggedTest(t: Pick<TestApp, 'db' | 'files'>, companyId: number) {
  const test = await buildTest(t.db, companyId, { name: 'Shop', purpose: 'Why do buyers leave?' });
  for (const comment of ['De knop is weg', 'Waar moet ik betalen?'])
    await buildParticipant(t, test.id, {
      significantPoints: [{ emotion: 'frustration', comment, timestampTop: AT + 1000, tags: ['Checkout'] }],
      sections: [{ timestampStart: AT, timestampEnd: AT + 60_000, label: { name: 'Cart', urls: [] } }],
    });
  const [tag] = await t.db.select().from(tags).where(eq(tags.testId, test.id));
  if (!tag) throw new Error('no tag');
  return { testId: test.id, tagId: tag.id };
}

const jobDepsOf = (t: TestApp): JobDeps => ({
  db: t.db,
  files: t.files,
  log: t.app.log,
  clock: () => t.clock.now,
  ai: t.config.ai,
});

async function post(client: ApiClient, testId: number, tagId: number): Promise<InsightGeneration> {
  return insightGenerationAnswer.parse(
    expectOk(await client.post(`/tests/${testId}/ai/insights`, { tag_id: tagId }), 202),
  );
}

async function read(client: ApiClient, testId: number, id: number): Promise<InsightGeneration> {
  return insightGenerationAnswer.parse(expectOk(await client.get(`/tests/${testId}/ai/insights/${id}`)));
}

describe('insight generation jobs with the local provider', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof buildWorld>>;
  let staff: ApiClient;
  let superAdmin: ApiClient;

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t.db);
    staff = apiClient(t.app, await signIn(t.app, world.staff.email));
    superAdmin = apiClient(t.app, await signIn(t.app, world.superAdmin.email));
  });
  afterAll(() => t?.close());

  it('answers 202 with the generation queued; the job writes the proposal, which GET answers', async () => {
    const shop = await taggedTest(t, world.client.id);
    const queued = await post(staff, shop.testId, shop.tagId);
    expect(queued).toMatchObject({ state: 'queued', tag_id: shop.tagId, result: null, error: null });
    expect((await read(staff, shop.testId, queued.id)).state).toBe('queued');
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, GENERATE_INSIGHT));
    expect(job?.payload).toEqual({ generation_id: queued.id });
    await runJobsUntilIdle(jobDepsOf(t), JOB_HANDLERS);
    const done = await read(staff, shop.testId, queued.id);
    expect(done).toMatchObject({ state: 'done', attempts: 1, error: null });
    expect(done.result?.tag.id).toBe(shop.tagId);
    expect(done.result?.proposal.title).toBe('Checkout: vooral frustratie');
    expect(done.result?.points).toHaveLength(2);
  });

  it('issue 26, one name per participant: a proposal stored before its points carried labels reads with its participants’ labels', async () => {
    const shop = await taggedTest(t, world.client.id);
    const queued = await post(staff, shop.testId, shop.tagId);
    await runJobsUntilIdle(jobDepsOf(t), JOB_HANDLERS);
    const fresh = await read(staff, shop.testId, queued.id);
    const labels = fresh.result?.points.map((point) => point.participant_label) ?? [];
    expect(labels).toHaveLength(2);
    expect(labels.every((label) => /^participant-\d+$/.test(label))).toBe(true);
    // as the job stored it before issue 26: the points without participant_label
    const [row] = await t.db
      .select()
      .from(aiInsightGenerations)
      .where(eq(aiInsightGenerations.id, queued.id));
    const stored = structuredClone(row?.result) as { points: Record<string, unknown>[] };
    for (const point of stored.points) delete point.participant_label;
    await t.db
      .update(aiInsightGenerations)
      .set({ result: stored })
      .where(eq(aiInsightGenerations.id, queued.id));
    const legacy = await read(staff, shop.testId, queued.id);
    expect(legacy.result?.points.map((point) => point.participant_label)).toEqual(labels);
  });

  it('runs at once in a started runner: the enqueue wakes it instead of waiting for its poll', async () => {
    const shop = await taggedTest(t, world.client.id);
    const runner = createJobRunner(jobDepsOf(t), JOB_HANDLERS, 60 * 60_000);
    runner.start();
    try {
      // The runner's first look finds nothing; its next poll would be in an hour.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const queued = await post(staff, shop.testId, shop.tagId);
      const startedAt = Date.now();
      await expect
        .poll(async () => (await read(staff, shop.testId, queued.id)).state, { timeout: 5000, interval: 20 })
        .toBe('done');
      expect(Date.now() - startedAt).toBeLessThan(5000);
    } finally {
      await runner.stop();
    }
  });

  it('fails a generation whose tag lost its points meanwhile with the reason, not retried', async () => {
    const shop = await taggedTest(t, world.client.id);
    const queued = await post(staff, shop.testId, shop.tagId);
    await t.db.delete(tags).where(eq(tags.id, shop.tagId));
    await runJobsUntilIdle(jobDepsOf(t), JOB_HANDLERS);
    const failed = await read(staff, shop.testId, queued.id);
    expect(failed).toMatchObject({ state: 'failed', tag_id: null, attempts: 1, result: null });
    expect(failed.error).toEqual({
      code: 'validation',
      message: 'The tag was removed meanwhile: choose another one',
    });
  });

  it('is read by the user who asked and provider staff only; others do not find it (404), nor one of another test', async () => {
    const shop = await taggedTest(t, world.client.id);
    const elsewhere = await taggedTest(t, world.client.id);
    const queued = await post(staff, shop.testId, shop.tagId);
    const url = `/tests/${shop.testId}/ai/insights/${queued.id}`;
    expectOk(await superAdmin.get(url));
    // A researcher of a lab with the research licence only (not provider staff) may generate, but
    // reads only their own generations.
    const lab = await buildCompany(t.db, { name: 'Lab', licenceResearch: true });
    const labUser = await buildUser(t.db, { role: 'company_admin', companyId: lab.id });
    const researcher = apiClient(t.app, await signIn(t.app, labUser.email));
    expectError(await researcher.get(url), 'not_found');
    const own = await post(researcher, shop.testId, shop.tagId);
    expectOk(await researcher.get(`/tests/${shop.testId}/ai/insights/${own.id}`));
    expectOk(await staff.get(`/tests/${shop.testId}/ai/insights/${own.id}`));
    // Users of the test's company and of another company are no researchers.
    for (const user of [world.clientAdmin, world.otherAdmin, world.demoUser]) {
      const client = apiClient(t.app, await signIn(t.app, user.email));
      expectError(await client.get(url), 'forbidden');
      expectError(
        await client.post(`/tests/${shop.testId}/ai/insights`, { tag_id: shop.tagId }),
        'forbidden',
      );
    }
    expectError(await staff.get(`/tests/${elsewhere.testId}/ai/insights/${queued.id}`), 'not_found');
    expectError(await staff.get(`/tests/${shop.testId}/ai/insights/999999`), 'not_found');
    expectError(await staff.get(`/tests/999999/ai/insights/${queued.id}`), 'not_found');
  });

  it('a generation whose runners keep dying is failed by giveUp with a message, so no screen waits forever', async () => {
    const shop = await taggedTest(t, world.client.id);
    await t.db.delete(jobs);
    const queued = await post(staff, shop.testId, shop.tagId);
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      expect((await claimJob(t.db, t.clock.now, JOB_LEASE_MS))?.attempts).toBe(attempt);
      t.clock.advance(JOB_LEASE_MS + 1); // the runner died: its lease runs out
    }
    await runNextJob(jobDepsOf(t), JOB_HANDLERS);
    // Signed in anew: the clock moved past the access token's life.
    staff = apiClient(t.app, await signIn(t.app, world.staff.email));
    const failed = await read(staff, shop.testId, queued.id);
    expect(failed).toMatchObject({ state: 'failed', result: null });
    expect(failed.error).toEqual({ code: 'internal', message: GENERATION_STOPPED_MESSAGE });
  });
});

type Held = { release: (content: string) => void };

describe('a generation job killed mid-way (its runner died while the model was asked)', () => {
  let t: TestApp;
  let model: Awaited<ReturnType<typeof startFakeModel>>;
  const held: Held[] = [];

  beforeAll(async () => {
    // The model answers nothing until the test releases each request.
    model = await startFakeModel((_call, response) => {
      held.push({
        release: (content) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              choices: [{ message: { role: 'assistant', content } }],
              usage: { total_tokens: 500 },
            }),
          ),
      });
    });
    t = await createTestApp({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: model.baseUrl,
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: '30000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const insight = (title: string, pointIds: number[]) =>
    JSON.stringify({
      title,
      main_emotions: ['frustratie'],
      summary: 'Samenvatting',
      answer_to_research_question: 'Antwoord',
      common_factors: [{ factor: 'Knop', point_ids: pointIds }],
      suggestions: [{ suggestion_title: 'Toon de knop', point_ids: pointIds }],
    });

  it('is taken up again once the lease ends, and only the new run stores its answer', async () => {
    const world = await buildWorld(t.db);
    const staff = apiClient(t.app, await signIn(t.app, world.staff.email));
    const shop = await taggedTest(t, world.client.id);
    const queued = await post(staff, shop.testId, shop.tagId);

    // The first runner claims the job and asks the model; then its process is as good as dead.
    const dying = runNextJob(jobDepsOf(t), JOB_HANDLERS);
    await expect.poll(() => held.length, { timeout: 5000 }).toBe(1);
    const running = await read(staff, shop.testId, queued.id);
    expect(running).toMatchObject({ state: 'running', attempts: 1 });

    // Within the lease nobody takes it; after it, another runner does.
    expect(await runNextJob(jobDepsOf(t), JOB_HANDLERS)).toBeNull();
    t.clock.advance(JOB_LEASE_MS + 1);
    const retry = runNextJob(jobDepsOf(t), JOB_HANDLERS);
    await expect.poll(() => held.length, { timeout: 5000 }).toBe(2);
    expect((await read(staff, shop.testId, queued.id)).attempts).toBe(2);
    const pointIds = (
      await t.db
        .select({ id: significantPointTags.significantPointId })
        .from(significantPointTags)
        .where(eq(significantPointTags.tagId, shop.tagId))
    ).map((row) => row.id);
    held[1]?.release(insight('Tweede poging', pointIds));
    expect((await retry)?.attempts).toBe(2);
    const done = await read(staff, shop.testId, queued.id);
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
    expect(done.result?.proposal.title).toBe('Tweede poging');

    // The presumed-dead runner answers late: it does not overwrite the newer run's result.
    held[0]?.release(insight('Eerste poging', pointIds));
    await dying;
    expect((await read(staff, shop.testId, queued.id)).result?.proposal.title).toBe('Tweede poging');
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, GENERATE_INSIGHT));
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
  });
});

/**
 * The database outlives the process: the generation is queued by one app, which stops before any
 * runner takes it; a new app on the same database (the restarted server, or a worker) runs it and
 * answers the proposal. Embedded database in a data directory, or a database of TEST_DATABASE_URL.
 */
describe('a queued generation survives a restart', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-generation-restart-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = `limbus_test_generation_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    if (!serverUrl) return;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** A server process's app on the shared database (the same secret, so tokens stay valid). */
  async function start(): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; database: DatabaseHandle }> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: root,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://limbus.test',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const database = await openDatabase(config);
    await seedReferenceData(database.db);
    const app = await buildApp({
      config,
      db: database.db,
      files: createDataFileStore(root),
      jwtSecret: TEST_JWT_SECRET,
    });
    await app.ready();
    return { app, database };
  }

  it('is run by the next process and its result read there', async () => {
    const first = await start();
    const world = await buildWorld(first.database.db);
    const session = await signIn(first.app, world.staff.email);
    const shop = await taggedTest(
      { db: first.database.db, files: createDataFileStore(root) },
      world.client.id,
    );
    const queued = await post(apiClient(first.app, session), shop.testId, shop.tagId);
    await first.app.close();
    await first.database.close();

    const second = await start();
    try {
      const staff = apiClient(second.app, session);
      expect((await read(staff, shop.testId, queued.id)).state).toBe('queued');
      const ran = await runJobsUntilIdle(
        {
          db: second.database.db,
          files: createDataFileStore(root),
          log: second.app.log,
          clock: () => new Date(),
        },
        JOB_HANDLERS,
      );
      expect(ran).toBeGreaterThanOrEqual(1);
      const done = await read(staff, shop.testId, queued.id);
      expect(done).toMatchObject({ state: 'done', attempts: 1 });
      expect(done.result?.proposal.title).toBe('Checkout: vooral frustratie');
    } finally {
      await second.app.close();
      await second.database.close();
    }
  });
});
