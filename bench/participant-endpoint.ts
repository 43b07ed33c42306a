/**
 * Participant endpoint budget (DESIGN §5): a 30-minute recording (≈108k gaze samples at 60 Hz,
 * 100k mouse, 18k emotion samples; smooth synthetic signals with noise, blinks, saccades) is
 * stored through recordParticipant on an in-memory database, then read through app.inject:
 *   (a) the compact form: the three stream calls with Accept-Encoding br (budget < 100 ms
 *       server time, < 1.5 MB on the wire);
 *   (b) the spec's JSON form with every association, as served with br (quality 1), gzip
 *       (level 1) and uncompressed.
 * Server time is the wall time of app.inject (routing, authentication, access, handler,
 * serialisation), median of 20 after warm-up. Writes bench/results/participant-endpoint.json.
 * Usage: npx tsx bench/participant-endpoint.ts
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { encodeStream } from '@limbus/analytics';
import type { FastifyInstance } from 'fastify';
import { recordParticipant } from '../apps/server/src/modules/participants/record-participant.js';
import { createTestApp } from '../apps/server/test/create-test-app.js';
import { buildTest, buildWorld, signIn } from '../apps/server/test/factories.js';
import { syntheticRecording } from '../apps/server/test/synthetic-streams.js';
import { writeResult } from './machine.js';
import type { BenchRow } from './row.js';

const RUNS = 20;
const WARMUP = 3;
const BUDGET_MS = 100;
const BUDGET_BYTES = 1.5 * 1024 * 1024;
const KINDS = ['emotions', 'eyes', 'mice'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Median wall time of `run` (ms) over RUNS after WARMUP, and the value of its last run. */
async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; min: number; last: T }> {
  let last = await run();
  for (let i = 1; i < WARMUP; i++) last = await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    last = await run();
    times.push(performance.now() - start);
  }
  return { ms: median(times), min: Math.min(...times), last };
}

function timedSync<T>(run: () => T): { ms: number; last: T } {
  let last = run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    last = run();
    times.push(performance.now() - start);
  }
  return { ms: median(times), last };
}

/** Bytes of an answer on the wire: status line and headers (as HTTP/1.1 would send them) and body. */
function wireBytes(response: Awaited<ReturnType<FastifyInstance['inject']>>): {
  body: number;
  headers: number;
} {
  const headers = Object.entries(response.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return { body: response.rawPayload.length, headers: `HTTP/1.1 200 OK\r\n${headers}\r\n`.length };
}

export async function participantEndpointBench(): Promise<BenchRow[]> {
  const t = await createTestApp();
  try {
    const world = await buildWorld(t.db);
    const test = await buildTest(t.db, world.client.id, { state: 'done' });
    const { authorization } = await signIn(t.app, world.clientMember.email);
    const startMs = Date.UTC(2026, 0, 12, 9, 30);
    const durationMs = 30 * 60 * 1000;
    const recording = syntheticRecording({
      startMs,
      durationMs,
      eyeHz: 60,
      mouseSamples: 100_000,
      emotionHz: 10,
    });
    const counts = Object.fromEntries(KINDS.map((kind) => [kind, recording[kind].samples.timestamp.length]));

    const writeStart = performance.now();
    const { id } = await recordParticipant(t, test.id, {
      realId: 'bench-30-min',
      startedAt: new Date(startMs),
      endedAt: new Date(startMs + durationMs),
      streams: [recording.emotions, recording.eyes, recording.mice],
    });
    const writeMs = performance.now() - writeStart;
    const base = `/api/v1/tests/${test.id}/participants/${id}`;
    const get = (url: string, acceptEncoding?: string) =>
      t.app.inject({
        url,
        headers: { authorization, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });

    // (a) the compact form, brotli as stored; one after another, and the three at once as a browser would.
    const compact = await timed(() =>
      Promise.all(KINDS.map((kind) => get(`${base}/streams/${kind}`, 'gzip, deflate, br'))),
    );
    for (const response of compact.last) {
      if (response.statusCode !== 200 || response.headers['content-encoding'] !== 'br')
        throw new Error(`compact call answered ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    const sequential = await timed(async () => {
      for (const kind of KINDS) await get(`${base}/streams/${kind}`, 'gzip, deflate, br');
    });
    const compactBytes = compact.last.map(wireBytes);
    const compactBody = compactBytes.reduce((sum, bytes) => sum + bytes.body, 0);
    const compactWire = compactBytes.reduce((sum, bytes) => sum + bytes.body + bytes.headers, 0);
    const perKind = Object.fromEntries(
      KINDS.map((kind, index) => [
        kind,
        {
          samples: counts[kind],
          codecBytes: encodeStream(recording[kind]).length,
          brotliBytes: compactBytes[index]?.body,
        },
      ]),
    );
    const gzipFallback = await timed(() =>
      Promise.all(KINDS.map((kind) => get(`${base}/streams/${kind}`, 'gzip'))),
    );
    const gzipBody = gzipFallback.last.reduce((sum, response) => sum + response.rawPayload.length, 0);

    // (b) the spec's JSON form with every association: brotli (as browsers ask), gzip, and plain.
    const associations = '?associations=emotions,mice,eyes,sections,significant_points&fields=video';
    const jsonAs = async (acceptEncoding: string | undefined) => {
      const run = await timed(() => get(`${base}${associations}`, acceptEncoding));
      if (run.last.statusCode !== 200) throw new Error(`JSON call answered ${run.last.statusCode}`);
      const encoding = run.last.headers['content-encoding'] ?? 'identity';
      return {
        ms: run.ms,
        min: run.min,
        bytes: run.last.rawPayload.length,
        encoding,
        body: run.last.rawPayload,
      };
    };
    const jsonBr = await jsonAs('gzip, deflate, br');
    const jsonGzip = await jsonAs('gzip');
    const jsonPlain = await jsonAs(undefined);
    const jsonSamples = (() => {
      const body = JSON.parse(jsonPlain.body.toString()) as Record<string, unknown[]>;
      return KINDS.reduce((sum, kind) => sum + (body[kind]?.length ?? 0), 0);
    })();
    const jsonFigures = (run: typeof jsonBr) => ({
      encoding: run.encoding,
      medianMs: Number(run.ms.toFixed(2)),
      minMs: Number(run.min.toFixed(2)),
      bodyBytes: run.bytes,
    });

    // Brotli quality of the stored files: size and time per quality, for the choice of 5.
    const codec = Buffer.concat(KINDS.map((kind) => encodeStream(recording[kind])));
    const qualities = Object.fromEntries(
      [1, 5, 9, 11].map((quality) => {
        const run = timedSync(() =>
          zlib.brotliCompressSync(codec, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: codec.length,
            },
          }),
        );
        return [`q${quality}`, { bytes: run.last.length, ms: Number(run.ms.toFixed(1)) }];
      }),
    );

    const isTimeMet = compact.ms < BUDGET_MS;
    const isBytesMet = compactWire < BUDGET_BYTES;
    const figures = {
      recording: { durationMinutes: 30, samples: counts, writeMs: Number(writeMs.toFixed(1)) },
      compact: {
        parallelMedianMs: Number(compact.ms.toFixed(2)),
        parallelMinMs: Number(compact.min.toFixed(2)),
        sequentialMedianMs: Number(sequential.ms.toFixed(2)),
        bodyBytes: compactBody,
        wireBytes: compactWire,
        perKind,
        gzipFallback: { medianMs: Number(gzipFallback.ms.toFixed(2)), bodyBytes: gzipBody },
        budget: { ms: BUDGET_MS, bytes: BUDGET_BYTES, isTimeMet, isBytesMet },
      },
      json: {
        samples: jsonSamples,
        br: jsonFigures(jsonBr),
        gzip: jsonFigures(jsonGzip),
        identity: jsonFigures(jsonPlain),
      },
      storedBrotliQuality: qualities,
      runs: RUNS,
    };
    writeResult('participant-endpoint', figures);

    const rows: BenchRow[] = [
      {
        name: 'participant streams, compact form, 3 calls with br (median server time)',
        value: `${compact.ms.toFixed(1)} ms (one after another ${sequential.ms.toFixed(1)} ms)`,
        budget: `< ${BUDGET_MS} ms`,
        isMet: isTimeMet,
      },
      {
        name: 'participant streams, compact form, bytes on the wire',
        value: `${mb(compactWire)} (${KINDS.map((kind, i) => `${kind} ${kb(compactBytes[i]?.body ?? 0)}`).join(', ')})`,
        budget: '< 1.5 MB',
        isMet: isBytesMet,
      },
      {
        name: 'participant streams, gzip fallback for clients without br',
        value: `${gzipFallback.ms.toFixed(1)} ms, ${mb(gzipBody)}`,
        budget: '',
        isMet: true,
      },
      ...[jsonBr, jsonGzip, jsonPlain].map((run) => ({
        name: `participant JSON, every association, ${run.encoding} (median server time)`,
        value: `${run.ms.toFixed(1)} ms, ${mb(run.bytes)}`,
        budget: '',
        isMet: true,
      })),
    ];
    return rows;
  } finally {
    await t.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await participantEndpointBench();
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`\n${'benchmark'.padEnd(width)}  result  (budget)`);
  for (const row of rows)
    console.log(
      `${row.name.padEnd(width)}  ${row.value}${row.budget ? `  (${row.budget}: ${row.isMet ? 'met' : 'MISSED'})` : ''}`,
    );
  console.log('\nFigures in bench/results/participant-endpoint.json');
  if (rows.some((row) => !row.isMet)) process.exit(1);
}
