/**
 * An erasure cut by SIGKILL halfway through deleting the person's files resumes when the server
 * starts again on the same DATA_DIR (the runner takes its job up again) and ends verified, with
 * nothing of the person left (docs/data-rights.md, "Erasure").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Erasure, erasureSchema } from '@limbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { createDataFileStore } from '../src/files/file-store.js';
import { dumpEverything, findPerson } from './erasure-dump.js';
import {
  buildCompany,
  buildContract,
  buildParticipant,
  buildTest,
  buildUser,
  PASSWORD,
} from './factories.js';
import { type ServerProcess, startServer } from './server-process.js';

/**
 * Enough batch files that deleting them takes the server a while: the kill lands in the middle
 * (3,000 were all deleted before the kill once, with a screen walk loading the machine beside the
 * PostgreSQL pass and the journeys).
 */
const BATCH_FILES = 12_000;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-killed-erasure-'));
const dataDir = path.join(root, 'data');
const env = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'killed-erasure-test-secret-long-enough-for-hs256',
  WEB_DIST: path.join(root, 'web'),
  AUTH_RATE_LIMIT: '1000',
};

let server: ServerProcess;
let auth = '';
let testId = 0;
let person = { participantId: 0, realId: '', keys: [] as string[] };
const batchDir = () => path.join(dataDir, 'files', 'ingest', String(person.participantId), 'eyes');
const batchesLeft = () => (fs.existsSync(batchDir()) ? fs.readdirSync(batchDir()).length : 0);

async function call(method: string, route: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.origin}/api/v1${route}`, {
    method,
    headers: { authorization: auth },
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

beforeAll(async () => {
  fs.mkdirSync(env.WEB_DIST, { recursive: true });
  const database = await openDatabase({ dataDir });
  let email = '';
  try {
    const t = { db: database.db, files: createDataFileStore(dataDir) };
    const provider = await buildCompany(t.db, {
      name: 'Provider',
      isProvider: true,
      licenceResearch: true,
      licenceAnalysis: true,
    });
    email = (await buildUser(t.db, { role: 'company_admin', companyId: provider.id })).email;
    const client = await buildCompany(t.db, { name: 'Client Co' });
    await buildContract(t.db, client.id);
    testId = (await buildTest(t.db, client.id, { state: 'done' })).id;
    const recorded = await buildParticipant(t, testId);
    await buildParticipant(t, testId); // another, who stays
    person = { participantId: recorded.id, realId: recorded.input.realId, keys: [] };
    fs.mkdirSync(batchDir(), { recursive: true });
    for (let seq = 0; seq < BATCH_FILES; seq++) fs.writeFileSync(path.join(batchDir(), `${seq}.lmbs`), 'x');
  } finally {
    await database.close();
  }
  server = await startServer(env);
  const response = await fetch(`${server.origin}/api/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  auth = `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}, 90_000);

afterAll(async () => {
  await server?.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('an erasure killed with SIGKILL', () => {
  it('resumes at the next start and ends verified, with nothing of the person left', async () => {
    const started = await call('POST', `/tests/${testId}/participants/${person.participantId}/erasure`);
    expect(started.status).toBe(202);
    const erasureId = erasureSchema.parse((started.body as { data: unknown }).data).id;

    // Kill as soon as the job deletes the files: rows gone, files partly gone (waiting for a fifth
    // to go, a loaded machine's erasure had deleted them all before the kill).
    const deadline = Date.now() + 30_000;
    while (batchesLeft() === BATCH_FILES) {
      if (Date.now() > deadline) throw new Error(`the erasure did not start deleting\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await server.kill();
    const left = batchesLeft();
    expect(left, 'the kill came after the last file').toBeGreaterThan(0);
    expect(left).toBeLessThan(BATCH_FILES);

    server = await startServer(env);
    let receipt: Erasure | undefined;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const answer = await call('GET', `/tests/${testId}/erasures/${erasureId}`);
      receipt = erasureSchema.parse((answer.body as { data: unknown }).data);
      if (receipt.state !== 'erasing') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(receipt).toMatchObject({ state: 'verified', is_verified: true, pending_files: 0 });
    // The rows were counted by the run the kill cut short; the files by both runs together.
    expect(receipt?.removed).toMatchObject({ participant: 1, streams: 3 });
    expect(receipt?.removed.files).toBe(BATCH_FILES + 3);
    expect(batchesLeft()).toBe(0);
    expect((await call('GET', `/tests/${testId}/participants/${person.participantId}`)).status).toBe(404);

    await server.kill();
    const database = await openDatabase({ dataDir });
    try {
      const dump = await dumpEverything(database.db, createDataFileStore(dataDir));
      expect(findPerson(dump, person)).toEqual([]);
    } finally {
      await database.close();
    }
    server = await startServer(env);
  }, 180_000);
});
