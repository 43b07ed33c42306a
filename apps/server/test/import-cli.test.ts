import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeStream } from '@limbus/analytics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../scripts/import.js';
import { participants } from '../src/db/schema.js';
import { apiClient, expectOk, useWorld } from './api.js';
import { buildTest, RESULTS_READY, signIn } from './factories.js';

const SAMPLE = fileURLToPath(new URL('../../../scripts/import-sample', import.meta.url));
const KINDS = ['emotions', 'eyes', 'mice'] as const;

/** Data rows of a sample CSV. */
const csvRows = (dir: string, kind: string) =>
  fs
    .readFileSync(path.join(SAMPLE, dir, `${kind}.csv`), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '').length;

describe('import CLI (scripts/import.ts)', () => {
  const ctx = useWorld();
  let url: string;
  let key: string;
  let testId: number;
  let authorization: string;
  const tmpDirs: string[] = [];

  beforeAll(async () => {
    url = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const staff = apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.staff.email));
    key = expectOk<{ key: string }>(await staff.post('/test_setups', { name: 'Import lab' }), 201).key;
    testId = (await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY)).id;
    authorization = (await signIn(ctx.t.app, ctx.world.clientMember.email)).authorization;
  });
  afterAll(() => {
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = async (folder: string, extra: string[] = []) => {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await main(
      [folder, '--url', url, '--key', key, '--test', String(testId), ...extra],
      { log: (line) => lines.push(line), error: (line) => errors.push(line) },
      { retryMs: 10 },
    );
    return { code, out: lines.join('\n'), err: errors.join('\n') };
  };
  const get = (route: string, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({ url: `/api/v1${route}`, headers: { authorization, ...headers } });
  const copySample = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-import-'));
    tmpDirs.push(dir);
    fs.cpSync(SAMPLE, dir, { recursive: true });
    return dir;
  };

  it('imports the sample: both participants with every sample of their CSVs, finished', async () => {
    const result = await run(SAMPLE);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Imported 2 participants/);
    const list = await get(`/tests/${testId}/participants`);
    expect(list.statusCode).toBe(200);
    const listed = list.json() as { id: number; real_id: string; state?: string }[];
    const byRealId = new Map(listed.map((p) => [p.real_id, p.id]));
    for (const dir of ['sample-1', 'sample-2']) {
      const pid = byRealId.get(dir);
      expect(pid, `participant ${dir}`).toBeDefined();
      for (const kind of KINDS) {
        const response = await get(`/tests/${testId}/participants/${pid}/streams/${kind}`, {
          'accept-encoding': 'identity',
        });
        expect(response.statusCode).toBe(200);
        const stream = decodeStream(new Uint8Array(response.rawPayload));
        expect(stream.samples.timestamp.length, `${dir} ${kind}`).toBe(csvRows(dir, kind));
      }
    }
  });

  it('a rerun is safe: finished participants are skipped, nothing doubles', async () => {
    const result = await run(SAMPLE, ['--format', 'json']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Imported 0 participants \(2 already finished\)/);
  });

  it('imports JSON batches as well as binary ones', async () => {
    const dir = copySample();
    for (const name of ['sample-1', 'sample-2']) {
      const file = path.join(dir, name, 'participant.json');
      const meta = JSON.parse(fs.readFileSync(file, 'utf8'));
      fs.writeFileSync(file, JSON.stringify({ ...meta, real_id: `${meta.real_id}-json` }));
    }
    const result = await run(dir, ['--format', 'json', '--batch-size', '500']);
    expect(result.err).toBe('');
    expect(result.out).toMatch(/eyes: 1200 samples in 3 batches/);
  });

  it('a CSV with a bad row stops with an error naming the file, line and column', async () => {
    const dir = copySample();
    const file = path.join(dir, 'sample-1', 'eyes.csv');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines[4] = `${lines[4]?.split(',')[0]},abc,12`;
    fs.writeFileSync(file, lines.join('\n'));
    const result = await run(dir);
    expect(result.code).toBe(1);
    expect(result.err).toContain('eyes.csv line 5: x is not a number ("abc")');
  });

  it('refuses before the first call a stream the server would refuse, in any participant: nothing is sent', async () => {
    const dir = copySample();
    for (const name of ['sample-1', 'sample-2']) {
      const file = path.join(dir, name, 'participant.json');
      const meta = JSON.parse(fs.readFileSync(file, 'utf8'));
      fs.writeFileSync(file, JSON.stringify({ ...meta, real_id: `${meta.real_id}-scores` }));
    }
    const file = path.join(dir, 'sample-2', 'eyes.csv');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines[4] = `${lines[4]?.split(',')[0]},2000000,12`;
    fs.writeFileSync(file, lines.join('\n'));
    const result = await run(dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /sample-2: the eyes stream would be refused: x\[3\] is 2000000; not a position; nothing was sent/,
    );
    const rows = await ctx.t.db.select().from(participants).where(eq(participants.testId, testId));
    expect(rows.filter((row) => row.realId.endsWith('-scores'))).toEqual([]);
  });

  it('a 4xx answer stops with the status and the server message', async () => {
    const lines: string[] = [];
    const code = await main([SAMPLE, '--url', url, '--key', key, '--test', '999999'], {
      log: () => {},
      error: (line) => lines.push(line),
    });
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/POST \/ingest\/participants answered 404/);
  });

  it('finishes each participant with the screen geometry --screen-mm and --distance-mm give', async () => {
    const otherTest = (await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY)).id;
    const code = await main(
      [
        SAMPLE,
        '--url',
        url,
        '--key',
        key,
        '--test',
        String(otherTest),
        '--screen-mm',
        '597x336',
        '--distance-mm',
        '650',
      ],
      { log: () => {}, error: () => {} },
      { retryMs: 10 },
    );
    expect(code).toBe(0);
    const rows = await ctx.t.db
      .select({ geometry: participants.geometry })
      .from(participants)
      .where(eq(participants.testId, otherTest));
    expect(rows.map((row) => row.geometry)).toEqual([
      { widthPx: 1920, heightPx: 1080, widthMm: 597, heightMm: 336, distanceMm: 650 },
      { widthPx: 1920, heightPx: 1080, widthMm: 597, heightMm: 336, distanceMm: 650 },
    ]);
  });
});
