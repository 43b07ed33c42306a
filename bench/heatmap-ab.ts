/**
 * Old against new speed of the heatmap density (bench/heatmap-bench.ts: 10 M synthetic gaze samples
 * → 1920×1080 RGBA) in interleaved rounds, so that both see the same load on a shared machine, per
 * stage (densityGrid = binning + blur, colorizeDensity) and whole, each round in the other order. Checks first that both give the
 * same grid and pixels, bit for bit. The old code is a copy of packages/analytics/src from a commit:
 *
 *   mkdir -p /tmp/old && git archive <commit> packages/analytics/src | tar -x -C /tmp/old
 *   node --expose-gc --import tsx bench/heatmap-ab.ts /tmp/old/packages/analytics/src [rounds]
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import {
  colorizeDensity,
  type DensityGrid,
  densityGrid,
  type Points,
} from '../packages/analytics/src/index.js';
import { syntheticGaze } from './synthetic.js';
import { time } from './timing.js';

type Module = {
  densityGrid: (points: Points, width: number, height: number) => DensityGrid;
  colorizeDensity: (grid: DensityGrid) => Uint8ClampedArray;
};

const [oldSource, roundsArg] = process.argv.slice(2);
if (!oldSource) throw new Error('usage: npx tsx bench/heatmap-ab.ts <old packages/analytics/src> [rounds]');
const old = (await import(resolve(oldSource, 'index.ts'))) as Module;
const versions: Record<string, Module> = { old, new: { densityGrid, colorizeDensity } };
const WIDTH = 1920;
const HEIGHT = 1080;
const gaze = syntheticGaze(10_000_000, 1000, 7);
const points = { x: gaze.x, y: gaze.y };

const grids = Object.values(versions).map((m) => m.densityGrid(points, WIDTH, HEIGHT));
const images = Object.values(versions).map((m, i) => m.colorizeDensity(grids[i] as DensityGrid));
const [gridA, gridB] = grids as [DensityGrid, DensityGrid];
const [rgbaA, rgbaB] = images as [Uint8ClampedArray, Uint8ClampedArray];
const sameGrid =
  gridA.total === gridB.total &&
  gridA.max === gridB.max &&
  gridA.values.every((v, i) => Object.is(v, gridB.values[i]));
const samePixels = rgbaA.length === rgbaB.length && rgbaA.every((v, i) => v === rgbaB[i]);
console.log(`identical grid: ${sameGrid}, identical pixels: ${samePixels}`);
if (!sameGrid || !samePixels) process.exitCode = 1;

const stages: Record<string, (m: Module, grid: DensityGrid) => unknown> = {
  'whole (densityGrid + colorizeDensity)': (m) => m.colorizeDensity(m.densityGrid(points, WIDTH, HEIGHT)),
  'densityGrid (bin + blur)': (m) => m.densityGrid(points, WIDTH, HEIGHT),
  colorizeDensity: (m, grid) => m.colorizeDensity(grid),
};
for (let i = 0; i < 3; i++)
  for (const fn of Object.values(stages)) for (const m of Object.values(versions)) fn(m, gridA);
const times = new Map<string, { wall: number; cpu: number }[]>();
const loads = [loadavg()[0] as number];
const rounds = Number(roundsArg ?? 15);
// Which version goes first alternates: the one after pays for the garbage (8 MB images) of the other.
for (let k = 0; k < rounds; k++)
  for (const [stage, fn] of Object.entries(stages))
    for (const [name, m] of k % 2 ? Object.entries(versions).reverse() : Object.entries(versions)) {
      const key = `${stage}/${name}`;
      // With --expose-gc, collect first, so that no version pays for the other's garbage.
      (globalThis as { gc?: () => void }).gc?.();
      times.set(key, [...(times.get(key) ?? []), time(() => fn(m, gridA))]);
    }
loads.push(loadavg()[0] as number);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1] as number;
for (const stage of Object.keys(stages)) {
  const o = times.get(`${stage}/old`) ?? [];
  const n = times.get(`${stage}/new`) ?? [];
  const figures = (t: { wall: number; cpu: number }[]) =>
    `${median(t.map((x) => x.wall)).toFixed(1)} ms (min ${Math.min(...t.map((x) => x.wall)).toFixed(1)}, cpu ${median(t.map((x) => x.cpu)).toFixed(1)})`;
  const wallRatio = median(n.map((t, i) => t.wall / (o[i]?.wall as number)));
  const cpuRatio = median(n.map((t, i) => t.cpu / (o[i]?.cpu as number)));
  console.log(
    `${stage}: old ${figures(o)}, new ${figures(n)}; new/old per round, median: wall ${wallRatio.toFixed(2)}, cpu ${cpuRatio.toFixed(2)} (${(1 / wallRatio).toFixed(2)}× / ${(1 / cpuRatio).toFixed(2)}× faster)`,
  );
}
console.log(
  `medians of ${rounds} rounds; load average (1 min) ${loads.map((l) => l.toFixed(1)).join(' → ')}`,
);
