import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeStream } from '@limbus/analytics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../scripts/import.js';
import { jobs, participants as participantRows } from '../src/db/schema.js';
import { apiClient, expectOk, useWorld } from './api.js';
import { buildTest, RESULTS_READY, signIn } from './factories.js';
import { type FaultProxy, startFaultProxy } from './fault-proxy.js';

/** The eye-tracker sample files (scripts/make-gaze-import-samples.ts). */
const FIXTURES = fileURLToPath(new URL('../../../packages/analytics/fixtures/gaze-import', import.meta.url));
const START_S = Date.UTC(2026, 0, 12, 9, 30, 0) / 1000;

describe('import CLI with eye-tracker exports (scripts/import.ts)', () => {
  const ctx = useWorld();
  let url: string;
  let key: string;
  let authorization: string;
  const tmpDirs: string[] = [];
  const proxies: FaultProxy[] = [];

  beforeAll(async () => {
    url = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const staff = apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.staff.email));
    key = expectOk<{ key: string }>(await staff.post('/test_setups', { name: 'Tracker lab' }), 201).key;
    authorization = (await signIn(ctx.t.app, ctx.world.clientMember.email)).authorization;
  });
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close();
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const newTest = async () => (await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY)).id;
  const run = async (testId: number, input: string, extra: string[] = [], through = url) => {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await main(
      [input, '--url', through, '--key', key, '--test', String(testId), ...extra],
      { log: (line) => lines.push(line), error: (line) => errors.push(line) },
      { retryMs: 10 },
    );
    return { code, out: lines.join('\n'), err: errors.join('\n') };
  };
  const get = (route: string) =>
    ctx.t.app.inject({ url: `/api/v1${route}`, headers: { authorization, 'accept-encoding': 'identity' } });
  const participants = async (testId: number) =>
    (await get(`/tests/${testId}/participants`)).json() as { id: number; real_id: string }[];
  const eyes = async (testId: number, pid: number) => {
    const response = await get(`/tests/${testId}/participants/${pid}/streams/eyes`);
    expect(response.statusCode).toBe(200);
    return decodeStream(new Uint8Array(response.rawPayload)).samples as {
      timestamp: Float64Array;
      x: Float32Array;
      y: Float32Array;
    };
  };
  /** A folder of participant folders, each with participant.json and the given files. */
  const folder = (participants: Record<string, { meta: object; files: Record<string, string> }>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-import-trackers-'));
    tmpDirs.push(dir);
    for (const [name, p] of Object.entries(participants)) {
      fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, name, 'participant.json'), JSON.stringify(p.meta));
      for (const [file, text] of Object.entries(p.files)) fs.writeFileSync(path.join(dir, name, file), text);
    }
    return dir;
  };
  const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

  it('imports a Tobii Pro Lab export file: a participant per recording, its start and every sample', async () => {
    const testId = await newTest();
    const result = await run(testId, path.join(FIXTURES, 'tobii-pro-lab.tsv'));
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Imported 2 participants .* 720 samples/);
    const listed = await participants(testId);
    expect(listed.map((p) => p.real_id).sort()).toEqual(['P01/Recording1', 'P02/Recording2']);
    const p01 = listed.find((p) => p.real_id === 'P01/Recording1') as { id: number };
    const samples = await eyes(testId, p01.id);
    expect(samples.timestamp.length).toBe(360);
    expect(samples.timestamp[0]).toBe(START_S * 1000);
    expect(samples.x[30]).toBeCloseTo(576, -1);
    // The blink (1200–1320 ms) arrives as lost samples.
    expect(Number.isNaN(samples.x[150] as number)).toBe(true);
    const detail = (await get(`/tests/${testId}/participants/${p01.id}`)).json() as { started_at?: number };
    expect(detail.started_at).toBe(START_S);
  });

  it('imports participant folders holding a Pupil Cloud gaze.csv and an EyeLink ASC, tracker told by the header', async () => {
    const testId = await newTest();
    const dir = folder({
      neon: { meta: { real_id: 'neon-01' }, files: { 'gaze.csv': fixture('pupil-cloud-gaze.csv') } },
      eyelink: {
        meta: { real_id: 'el-07', started_at: '2026-01-12T11:00:00Z' },
        files: { 's07.asc': fixture('eyelink.asc') },
      },
    });
    const result = await run(testId, dir, ['--format', 'json']);
    expect(result.err).toBe('');
    expect(result.out).toMatch(/Imported 2 participants/);
    const listed = await participants(testId);
    const neon = await eyes(testId, (listed.find((p) => p.real_id === 'neon-01') as { id: number }).id);
    expect(neon.timestamp.length).toBe(600);
    expect(neon.timestamp[0]).toBe(START_S * 1000);
    const el = await eyes(testId, (listed.find((p) => p.real_id === 'el-07') as { id: number }).id);
    expect(el.timestamp.length).toBe(750);
    expect(el.timestamp[0]).toBe(Date.UTC(2026, 0, 12, 11));
    // 1280×1024 display coordinates arrive in the 1920×1080 frame with their aspect kept: the
    // screen's middle 1350×1080 (×1.055, 285 px each side), not stretched ×1.5 across (issue 27)
    expect(el.x[10]).toBeCloseTo(285 + 0.3 * 1350, -1);
    expect(el.y[10]).toBeCloseTo(432, -1);
  });

  it('imports a Tobii Studio export file: a participant per recording, letterboxed, every sample (issue 27)', async () => {
    const testId = await newTest();
    const file = path.join(FIXTURES, 'tobii-studio.tsv');
    const refused = await run(testId, file);
    expect(refused.err).toMatch(/tobii-studio\.tsv: the tobii-studio export does not say when it started/);
    const result = await run(testId, file, ['--started-at', String(START_S)]);
    expect(result.err).toBe('');
    expect(result.out).toMatch(/Imported 2 participants .* 360 samples/);
    const listed = await participants(testId);
    expect(listed.map((p) => p.real_id).sort()).toEqual(['P01/Rec 01', 'P02/Rec 02']);
    const p01 = await eyes(testId, (listed.find((p) => p.real_id === 'P01/Rec 01') as { id: number }).id);
    expect(p01.timestamp.length).toBe(180);
    expect(p01.timestamp[0]).toBe(START_S * 1000);
    expect(p01.x[10]).toBeCloseTo(285 + 0.3 * 1350, -1);
    expect(p01.y[10]).toBeCloseTo(432, -1);
  });

  it('asks for a start when the export has none, and takes --started-at', async () => {
    const testId = await newTest();
    const file = path.join(FIXTURES, 'eyelink.asc');
    const refused = await run(testId, file);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/eyelink\.asc: the eyelink export does not say when it started/);
    const done = await run(testId, file, ['--started-at', '1768215600', '--tracker', 'eyelink']);
    expect(done.err).toBe('');
    const listed = await participants(testId);
    expect(listed.map((p) => p.real_id)).toEqual(['eyelink']);
    expect((await eyes(testId, (listed[0] as { id: number }).id)).timestamp[0]).toBe(1768215600000);
  });

  it("keeps an explicit --screen: the file's own 1280×1024 asked for, its positions arrive as they are", async () => {
    const testId = await newTest();
    const file = path.join(FIXTURES, 'eyelink.asc');
    const done = await run(testId, file, ['--started-at', '1768215600', '--screen', '1280x1024']);
    expect(done.err).toBe('');
    const [only] = await participants(testId);
    const samples = await eyes(testId, (only as { id: number }).id);
    // The first sample line: both eyes' mean, (378.8 + 384.8) / 2 and (412.6 + 410.6) / 2.
    expect(samples.x[0]).toBeCloseTo(381.8, 3);
    expect(samples.y[0]).toBeCloseTo(411.6, 3);
  });

  it('a bad line stops the import before anything is sent, naming the file and line', async () => {
    const testId = await newTest();
    const broken = fixture('pupil-cloud-gaze.csv').split('\n');
    broken[7] = broken[7]?.replace(',0.3', ',zero.3') ?? '';
    const dir = folder({
      a: { meta: { real_id: 'good' }, files: { 'gaze.csv': fixture('pupil-cloud-gaze.csv') } },
      b: { meta: { real_id: 'bad' }, files: { 'gaze.csv': broken.join('\n') } },
    });
    const result = await run(testId, dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /b[/\\]gaze\.csv: line 8: gaze position on surface y \[normalized\] is not a number \("zero\.3/,
    );
    expect(await participants(testId)).toEqual([]);
  });

  it('refuses a folder with two gaze sources and an export of several recordings in a participant folder', async () => {
    const testId = await newTest();
    const both = folder({
      p: {
        meta: { real_id: 'p' },
        files: { 'eyes.csv': 'timestamp,x,y\n1,2,3\n', 's.asc': fixture('eyelink.asc') },
      },
    });
    expect((await run(testId, both)).err).toMatch(/both eyes\.csv and the eye-tracker export s\.asc/);
    const several = folder({
      p: { meta: { real_id: 'p' }, files: { 'export.tsv': fixture('tobii-pro-lab.tsv') } },
    });
    expect((await run(testId, several)).err).toMatch(
      /holds 2 recordings \(P01\/Recording1, P02\/Recording2\)/,
    );
    expect((await run(testId, several, ['--tracker', 'smi'])).err).toMatch(
      /--tracker must be tobii, tobii-studio, pupil, eyelink or auto/,
    );
    expect(await participants(testId)).toEqual([]);
  });
  /**
   * The Studio sample file with a third recording (P03/Rec 03, a copy of the second's rows), changed
   * by `third`, written to a temporary file.
   */
  const studioOfThree = (third: (rows: string[]) => string[] = (rows) => rows) => {
    const lines = fixture('tobii-studio.tsv')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const p03 = lines
      .filter((line) => line.split('\t')[4] === 'P02')
      .map((line) => line.replace('\tP02\tRec 02\t', '\tP03\tRec 03\t'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-import-studio-'));
    tmpDirs.push(dir);
    const file = path.join(dir, 'studio-export.tsv');
    fs.writeFileSync(file, [...lines, ...third(p03)].join('\n'));
    return { file, firstOfThird: lines.length + 1 };
  };
  const rowsOfTest = (testId: number) =>
    ctx.t.db
      .select()
      .from(participantRows)
      .where(eq(participantRows.testId, testId))
      .orderBy(participantRows.id);

  it("imports nothing when an export's third recording has a bad line, naming the line and the column", async () => {
    const testId = await newTest();
    const header = fixture('tobii-studio.tsv').split('\n', 1)[0]?.split('\t') ?? [];
    const column = header.indexOf('GazePointX (ADCSpx)');
    const { file, firstOfThird } = studioOfThree((rows) =>
      rows.map((row, k) => {
        const fields = row.split('\t');
        if (k === 40) fields[column] = '4l2';
        return fields.join('\t');
      }),
    );
    const result = await run(testId, file, ['--started-at', String(START_S)]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      new RegExp(
        `studio-export\\.tsv: line ${firstOfThird + 40}: GazePointX \\(ADCSpx\\) is not a number \\("4l2"\\)`,
      ),
    );
    expect(await rowsOfTest(testId)).toEqual([]);
  });

  it('finishes no recording of the file when the third fails on the way, and a rerun completes all three', async () => {
    const testId = await newTest();
    const { file } = studioOfThree();
    const batch = 'PUT /api/v1/ingest/participants/#/streams/eyes/batches/#';
    const faulty = await startFaultProxy(url, {
      before: (request) => (request.kind === batch && request.nth >= 3 ? { status: 503 } : 'pass'),
    });
    proxies.push(faulty);
    const failed = await run(testId, file, ['--started-at', String(START_S)], faulty.url);
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/failed 5 times, last: 503.*no participant of this import was finished/);
    const unfinished = await rowsOfTest(testId);
    expect(unfinished.map((row) => [row.realId, row.state])).toEqual([
      ['P01/Rec 01', 'recording'],
      ['P02/Rec 02', 'recording'],
      ['P03/Rec 03', 'recording'],
    ]);
    // Without results: no stream, no analysis.
    for (const row of unfinished)
      expect((await get(`/tests/${testId}/participants/${row.id}/streams/eyes`)).statusCode).toBe(404);
    const analyses = (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, 'analyse_participant'))).filter(
      (job) => unfinished.some((row) => row.id === job.payload.participant_id),
    );
    expect(analyses).toEqual([]);

    const rerun = await run(testId, file, ['--started-at', String(START_S)]);
    expect(rerun.err).toBe('');
    expect(rerun.out).toMatch(/Imported 3 participants \(0 already finished\), 540 samples/);
    const finished = await rowsOfTest(testId);
    expect(finished.map((row) => row.state)).toEqual(['finished', 'finished', 'finished']);
    for (const row of finished) expect((await eyes(testId, row.id)).timestamp.length).toBe(180);
  });
});
