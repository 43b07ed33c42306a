import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GazeSamples } from './fixations.js';
import { detectGazeEvents, type GazeEventOptions } from './gaze-events.js';
import { DEFAULT_SCREEN_GEOMETRY } from './gaze-geometry.js';
import { angularGaze, fixationPath, gaussianSource, stepRampPath } from './test-helpers.js';

/**
 * The default detector's output must not change when it is made faster (issue 27): digests of
 * every result (classes, fixations, saccades, pursuits, settings) on the hand-labelled recordings
 * and degraded copies of them (300/500 Hz, noise, loss, 5 s trials), and on synthetic recordings,
 * compared with a fixture written by the code before the speed work
 * (`GAZE_EVENTS_REFERENCE=write npx vitest run packages/analytics/src/gaze-events-reference.test.ts`).
 */
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'gaze-events-reference.json');
const LABELLED = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'data', 'gaze-labelled');
/** The labelled recordings' screen (their README). */
const LABELLED_GEOMETRY = { widthPx: 1920, heightPx: 1080, widthMm: 533, heightMm: 301, distanceMm: 565 };

type Case = { name: string; gaze: GazeSamples; options?: Partial<GazeEventOptions> };

function readLabelled(file: string): GazeSamples {
  const lines = readFileSync(join(LABELLED, file), 'utf8').trim().split('\n');
  const header = (lines[0] ?? '').split(',');
  const [ti, xi, yi, vi] = ['t_ms', 'x_px', 'y_px', 'valid'].map((c) => header.indexOf(c)) as number[];
  const n = lines.length - 1;
  const gaze = { timestamp: new Float64Array(n), x: new Float32Array(n), y: new Float32Array(n) };
  for (let i = 0; i < n; i++) {
    const c = (lines[i + 1] ?? '').split(',');
    const isValid = c[vi as number] === '1';
    gaze.timestamp[i] = Number(c[ti as number]);
    gaze.x[i] = isValid ? Number(c[xi as number]) : Number.NaN;
    gaze.y[i] = isValid ? Number(c[yi as number]) : Number.NaN;
  }
  return gaze;
}

/** Every `step`-th sample from `from` to `to` (a lower rate), with Gaussian noise of `noisePx` and bursts lost. */
function degraded(
  g: GazeSamples,
  step: number,
  noisePx: number,
  seed: number,
  from = 0,
  to = g.timestamp.length,
) {
  const normal = gaussianSource(seed);
  const n = Math.ceil((to - from) / step);
  const out = { timestamp: new Float64Array(n), x: new Float32Array(n), y: new Float32Array(n) };
  for (let k = 0; k < n; k++) {
    const i = from + k * step;
    const isLost = noisePx > 0 && (k * 7919 + seed) % 997 < 12;
    out.timestamp[k] = g.timestamp[i] as number;
    out.x[k] = isLost ? Number.NaN : (g.x[i] as number) + noisePx * normal();
    out.y[k] = isLost ? Number.NaN : (g.y[i] as number) + noisePx * normal();
  }
  return out;
}

function labelledCases(): Case[] {
  if (!existsSync(LABELLED)) return [];
  const files = readdirSync(LABELLED)
    .filter((f) => f.endsWith('.csv'))
    .sort();
  return files.flatMap((file, r) => {
    const g = readLabelled(file);
    const o = { geometry: LABELLED_GEOMETRY };
    const trials = [0, 1, 2].map((k) => ({
      name: `${file} 300 Hz 5 s trial ${k}`,
      gaze: degraded(g, 3, 9, r * 10 + k, k * 20_000, k * 20_000 + 5000 * 3),
      options: o,
    }));
    return [
      { name: file, gaze: g, options: o },
      { name: `${file} 500 Hz noisy`, gaze: degraded(g, 2, 18, r + 100), options: o },
      { name: `${file} 1000 Hz 20 s noisy`, gaze: degraded(g, 1, 4, r + 200, 30_000, 50_000), options: o },
      ...trials,
    ];
  });
}

function syntheticCases(): Case[] {
  const points: [number, number][] = [
    [-10, -6],
    [4, -3],
    [12, 7],
    [-6, 8],
    [2, 0],
    [-14, 2],
  ];
  const path = fixationPath([...points, ...points, ...points]);
  const pursuit = stepRampPath(8, 6, 3);
  const G = DEFAULT_SCREEN_GEOMETRY;
  return [
    ...[60, 120, 300, 1000].map((hz) => ({
      name: `fixations ${hz} Hz`,
      gaze: angularGaze(G, path.at, hz, path.durationMs, 0.3, hz).gaze,
    })),
    { name: 'pursuit 500 Hz', gaze: angularGaze(G, pursuit.at, 500, pursuit.durationMs, 0.2, 5).gaze },
    {
      name: 'fixations 1000 Hz fixed threshold',
      gaze: angularGaze(G, path.at, 1000, path.durationMs, 0.5, 9).gaze,
      options: { saccadeThreshold: 40, halfWindowMs: 10 },
    },
    { name: 'three samples', gaze: angularGaze(G, path.at, 1000, 3, 0.1, 1).gaze },
  ];
}

/**
 * Numbers to 10 significant digits: Node lines differ in the last bit of some Math functions
 * (Node 20 and 24 give halfWindowMs …843 and …844), which says nothing about the detector.
 */
const toTenDigits = (_key: string, value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Number(value.toPrecision(10)) : value;

function digest(c: Case): { digest: string; fixations: number; settings: unknown } {
  const r = detectGazeEvents(c.gaze, c.options);
  const hash = createHash('sha256');
  hash.update(r.classes);
  hash.update(r.isFixation);
  hash.update(JSON.stringify([r.fixations, r.saccades, r.pursuits], toTenDigits));
  const settings = JSON.parse(JSON.stringify(r.settings, toTenDigits));
  return { digest: hash.digest('hex'), fixations: r.fixations.length, settings };
}

describe('detectGazeEvents against the output of the code before the speed work', () => {
  const cases = [...labelledCases(), ...syntheticCases()];
  const got = Object.fromEntries(cases.map((c) => [c.name, digest(c)]));
  if (process.env.GAZE_EVENTS_REFERENCE === 'write')
    writeFileSync(FIXTURE, `${JSON.stringify(got, null, 2)}\n`);
  const reference = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;

  it('covers the labelled recordings when they are present', () => {
    const labelled = Object.keys(reference).filter((k) => k.startsWith('S'));
    expect(labelled.length).toBeGreaterThanOrEqual(36);
    if (existsSync(LABELLED)) expect(Object.keys(got).filter((k) => k.startsWith('S'))).toEqual(labelled);
  });
  it.each(cases.map((c) => c.name))('%s: identical result', (name) => {
    expect(got[name]).toEqual(reference[name]);
  });
});
