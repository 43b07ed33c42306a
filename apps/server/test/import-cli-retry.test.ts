import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeStream } from '@limbus/analytics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../scripts/import.js';
import { jobs, participants } from '../src/db/schema.js';
import { runFfmpeg } from '../src/media/ffmpeg.js';
import { apiClient, expectOk, useWorld } from './api.js';
import { buildTest, RESULTS_READY, signIn } from './factories.js';
import { type FaultPlan, type FaultProxy, startFaultProxy } from './fault-proxy.js';

/**
 * The import CLI's retry path against the real app behind a proxy that injects faults: a 503 for
 * the first request of every kind, a 429, answers lost after the server did the work, and a video
 * part cut off midway. The import must complete with nothing doubled, and a rerun change nothing.
 */

const SAMPLE = fileURLToPath(new URL('../../../scripts/import-sample', import.meta.url));
const KINDS = ['emotions', 'eyes', 'mice'] as const;
const VIDEOS = { 'sample-1': 'screen.mp4', 'sample-2': 'screen.mkv' } as const;
const PARTICIPANTS = '/api/v1/ingest/participants';
const PART_BYTES = 4096;

describe('import CLI retries (scripts/import.ts behind a faulty network)', () => {
  const ctx = useWorld();
  let appUrl: string;
  let key: string;
  let testId: number;
  let authorization: string;
  let folder: string;
  const proxies: FaultProxy[] = [];

  beforeAll(async () => {
    appUrl = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const staff = apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.staff.email));
    key = expectOk<{ key: string }>(await staff.post('/test_setups', { name: 'Retry lab' }), 201).key;
    authorization = (await signIn(ctx.t.app, ctx.world.clientMember.email)).authorization;
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-import-retry-'));
    fs.cpSync(SAMPLE, folder, { recursive: true });
    for (const [dir, name] of Object.entries(VIDEOS))
      await runFfmpeg([
        ...['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10'],
        ...['-pix_fmt', 'yuv420p', path.join(folder, dir, name)],
      ]);
  });
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const run = async (url: string) => {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await main(
      [folder, '--url', url, '--key', key, '--test', String(testId), '--batch-size', '500'],
      { log: (line) => lines.push(line), error: (line) => errors.push(line) },
      { retryMs: 5, attempts: 4, videoPartBytes: PART_BYTES },
    );
    return { code, out: lines.join('\n'), err: errors.join('\n') };
  };
  const proxy = async (plan: FaultPlan) => {
    const started = await startFaultProxy(appUrl, plan);
    proxies.push(started);
    return started;
  };
  const csvRows = (dir: string, kind: string) =>
    fs
      .readFileSync(path.join(folder, dir, `${kind}.csv`), 'utf8')
      .split('\n')
      .slice(1)
      .filter((line) => line.trim() !== '').length;
  const rowsOfTest = () =>
    ctx.t.db.select().from(participants).where(eq(participants.testId, testId)).orderBy(participants.id);
  const analysisJobs = async (pid: number) =>
    (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, 'analyse_participant'))).filter(
      (job) => job.payload.participant_id === pid,
    ).length;
  const storeFiles = (dir: string) => {
    const full = path.join(ctx.t.dataDir, 'files', dir);
    return fs.existsSync(full) ? fs.readdirSync(full).sort() : [];
  };

  /** Every participant once, finished, with the samples of its CSVs, one analysis and its video's exact bytes. */
  const expectImported = async () => {
    const rows = await rowsOfTest();
    expect(rows.map((row) => row.realId).sort()).toEqual(['sample-1', 'sample-2']);
    for (const row of rows) {
      expect(row.state).toBe('finished');
      expect(await analysisJobs(row.id)).toBe(1);
      for (const kind of KINDS) {
        const response = await ctx.t.app.inject({
          url: `/api/v1/tests/${testId}/participants/${row.id}/streams/${kind}`,
          headers: { authorization, 'accept-encoding': 'identity' },
        });
        expect(response.statusCode).toBe(200);
        const stream = decodeStream(new Uint8Array(response.rawPayload));
        expect(stream.samples.timestamp.length, `${row.realId} ${kind}`).toBe(csvRows(row.realId, kind));
      }
      const source = VIDEOS[row.realId as keyof typeof VIDEOS];
      const key = `videos/${row.id}${path.extname(source)}`;
      expect(row.video).toBe(key);
      const stored = fs.readFileSync(path.join(ctx.t.dataDir, 'files', key));
      expect(stored.equals(fs.readFileSync(path.join(folder, row.realId, source)))).toBe(true);
    }
    // One video a participant (none doubled under another extension); a retried first test's
    // participants keep theirs.
    const ofRows = new Set(rows.map((row) => `${row.id}`));
    expect(storeFiles('videos').filter((file) => ofRows.has(path.parse(file).name))).toEqual(
      rows.map((row) => path.basename(row.video ?? '')).sort(),
    );
    expect(storeFiles('uploads')).toEqual([]);
    return rows;
  };

  // Retried, on a new test each time: under CI's load (the PostgreSQL pass beside the journeys) the
  // cut part is sometimes resumed from the part's start instead of inside it (docs/testing.md).
  it('completes through 503s, a 429, lost answers and a video part cut midway, doubling nothing', {
    retry: 2,
  }, async () => {
    testId = (await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY)).id;
    let lostComplete = false;
    const faulty = await proxy({
      before: ({ kind, method, nth }) => {
        if (nth === 1) return { status: 503 };
        if (method === 'PUT' && nth === 3) return { status: 429 };
        if (kind === `POST ${PARTICIPANTS}` && nth === 2) return 'drop-answer';
        if (kind.endsWith('/finish') && nth === 2) return 'drop-answer';
        if (method === 'PATCH' && nth === 2) return 'drop-mid-body';
        return 'pass';
      },
      // The answer of the part that completes the first video is lost: the server holds it all.
      after: ({ method }, answer) => {
        if (lostComplete || method !== 'PATCH' || answer.status !== 200) return false;
        lostComplete = (JSON.parse(answer.body) as { complete: boolean }).complete;
        return lostComplete;
      },
    });
    const result = await run(faulty.url);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Imported 2 participants \(0 already finished\)/);

    // Every fault was met.
    const faults = faulty.log.filter((entry) => entry.fault !== 'pass').map((e) => `${e.fault} ${e.kind}`);
    const kinds = new Set(faulty.log.map((entry) => entry.kind));
    expect(faults.filter((fault) => fault.startsWith('503'))).toHaveLength(kinds.size);
    for (const expected of [
      /^429 PUT /,
      /^drop-answer POST \/api\/v1\/ingest\/participants$/,
      /^drop-answer POST .*\/finish$/,
      /^drop-mid-body PATCH .*\/video$/,
      /^drop-answer PATCH .*\/video$/,
    ])
      expect(
        faults.some((fault) => expected.test(fault)),
        `${expected} in ${faults.join(', ')}`,
      ).toBe(true);
    // The cut part (the first of the first video) was resumed from where the server held it, inside
    // the part. Not necessarily at the first offset the CLI logs: on a loaded machine its first ask
    // can come before the server has stored what arrived of the cut part (CI saw 0 first); it then
    // asks again, and the part goes on from inside.
    const offsets = [...result.out.matchAll(/video: (\d+) of \d+ bytes/g)].map((match) => Number(match[1]));
    expect(
      offsets.some((offset) => offset > 0 && offset < PART_BYTES),
      `offsets ${offsets.join(', ')}`,
    ).toBe(true);
    await expectImported();
  });

  it('a rerun on the same folder changes nothing and reports the participants as already finished', async () => {
    const before = await expectImported();
    const stat = (key: string | null) => fs.statSync(path.join(ctx.t.dataDir, 'files', key ?? ''));
    const videoTimes = before.map((row) => stat(row.video).mtimeMs);
    const clean = await proxy({ before: () => 'pass' });
    const result = await run(clean.url);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Imported 0 participants \(2 already finished\), 0 samples, 0 video bytes/);
    expect(result.out.match(/already finished: streams skipped/g)).toHaveLength(2);
    expect(clean.log.filter((entry) => entry.method === 'PUT' || entry.method === 'PATCH')).toEqual([]);
    const after = await expectImported();
    expect(after.map((row) => row.updatedAt)).toEqual(before.map((row) => row.updatedAt));
    expect(after.map((row) => stat(row.video).mtimeMs)).toEqual(videoTimes);
  });
});
