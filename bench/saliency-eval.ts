/**
 * Scores the attention model against gaze on a folder of screenshots (format: gaze-folder.ts):
 * AUC-Judd, NSS and CC of predictAttention, of its position prior alone and of the usual
 * centre-bias baseline, per image and as the mean over images, for the fixations that start
 * within the first 5 s of each page visit and for whole visits. For scale, the same metrics of
 * half of the participants predicting the other half (their fixations blurred as the measured
 * heatmaps are; the mean of both directions): a rough ceiling on that data. Also the share of
 * the first-5-s fixations that land in the peekthrough mask (areas predicted not to be seen).
 * Prints the tables, writes bench/results/saliency-eval.{json,md}. Usage:
 *   npx tsx bench/saliency-eval.ts <folder>   (e.g. bench/results/tmp/demo-gaze, made by demo-gaze-set.ts)
 */
import { writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  aucJudd,
  centreBiasDensity,
  correlationCoefficient,
  type DensityGrid,
  densityGrid,
  fixationMap,
  nss,
  positionPriorDensity,
  predictAttention,
  type RgbaImage,
} from '../packages/analytics/src/index.js';
import { type PageFixation, readGazeFolder } from './gaze-folder.js';
import { BENCH_DIR, machine, RESULTS_DIR } from './machine.js';

const WINDOWS = [
  { key: 'first5s', label: 'fixations starting in the first 5 s of a visit', maxMs: 5000 },
  { key: 'visits', label: 'fixations of whole visits', maxMs: Number.POSITIVE_INFINITY },
] as const;
const MODELS = ['model', 'prior', 'centre', 'otherHalf'] as const;
type Model = (typeof MODELS)[number];
type Scores = { auc: number; nss: number; cc: number };
type ImageResult = {
  image: string;
  width: number;
  height: number;
  fixations: number;
  participants: number;
  scores: Record<Model, Scores>;
  peekthrough: { fixationsInHidden: number; hiddenArea: number };
};

const folderArg = process.argv[2];
if (!folderArg) {
  console.error('usage: npx tsx bench/saliency-eval.ts <folder>');
  process.exit(1);
}
const folder = resolve(folderArg);
const dataset = readGazeFolder(folder);

async function decodePng(file: string): Promise<RgbaImage> {
  const img = await loadImage(file);
  const ctx = createCanvas(img.width, img.height).getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

const points = (fixations: readonly PageFixation[]) => ({
  x: Float32Array.from(fixations, (f) => f.x),
  y: Float32Array.from(fixations, (f) => f.y),
});

/** Fixation density as the measured heatmaps draw it (σ 30 px), on the prediction's cells. */
const fixationDensity = (fixations: readonly PageFixation[], grid: DensityGrid) =>
  densityGrid(points(fixations), grid.width, grid.height, { cellPx: grid.cellPx, sigmaPx: 30 });

function score(saliency: DensityGrid, fixations: readonly PageFixation[]): Scores {
  const map = fixationMap(points(fixations), saliency);
  return {
    auc: aucJudd(saliency.values, map),
    nss: nss(saliency.values, map),
    cc: correlationCoefficient(saliency.values, fixationDensity(fixations, saliency).values),
  };
}

/** Half of the participants (alternating by id) predicting the other half, both ways, averaged. */
function otherHalf(fixations: readonly PageFixation[], grid: DensityGrid): Scores {
  const ids = [...new Set(fixations.map((f) => f.participant))].sort();
  const inA = new Set(ids.filter((_, i) => i % 2 === 0));
  const a = fixations.filter((f) => inA.has(f.participant));
  const b = fixations.filter((f) => !inA.has(f.participant));
  const ab = score(fixationDensity(a, grid), b);
  const ba = score(fixationDensity(b, grid), a);
  return { auc: (ab.auc + ba.auc) / 2, nss: (ab.nss + ba.nss) / 2, cc: (ab.cc + ba.cc) / 2 };
}

const results: Record<string, ImageResult[]> = Object.fromEntries(WINDOWS.map((w) => [w.key, []]));
for (const { image, fixations } of dataset.images) {
  const rgba = await decodePng(join(folder, image));
  const { density, peekthrough } = predictAttention(rgba);
  const baselines = {
    prior: positionPriorDensity(rgba.width, rgba.height, { cellPx: density.cellPx }),
    centre: centreBiasDensity(rgba.width, rgba.height, density.cellPx),
  };
  for (const w of WINDOWS) {
    const inWindow = fixations.filter(
      (f) => f.tMs < w.maxMs && f.x >= 0 && f.x < rgba.width && f.y >= 0 && f.y < rgba.height,
    );
    const hidden = inWindow.filter(
      (f) =>
        peekthrough.isHidden[
          Math.floor(f.y / density.cellPx) * density.cols + Math.floor(f.x / density.cellPx)
        ] === 1,
    ).length;
    results[w.key]?.push({
      image,
      width: rgba.width,
      height: rgba.height,
      fixations: inWindow.length,
      participants: new Set(inWindow.map((f) => f.participant)).size,
      scores: {
        model: score(density, inWindow),
        prior: score(baselines.prior, inWindow),
        centre: score(baselines.centre, inWindow),
        otherHalf: otherHalf(inWindow, density),
      },
      peekthrough: { fixationsInHidden: hidden / inWindow.length, hiddenArea: peekthrough.hiddenAreaShare },
    });
  }
}

const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');
const pct = (v: number) => `${Math.round(v * 100)} %`;
const mean = (rows: ImageResult[], pick: (r: ImageResult) => number) =>
  rows.reduce((a, r) => a + pick(r), 0) / rows.length;
const metricCell = (pick: (m: Model) => number) => MODELS.map((m) => f2(pick(m))).join(' / ');

function table(rows: ImageResult[]): string {
  const line = (name: string, fixations: string, pick: (m: Model, k: keyof Scores) => number, peek: string) =>
    `| ${name} | ${fixations} | ${metricCell((m) => pick(m, 'auc'))} | ${metricCell((m) => pick(m, 'nss'))} | ${metricCell((m) => pick(m, 'cc'))} | ${peek} |`;
  return [
    '| image | fixations (participants) | AUC-Judd | NSS | CC | fixations in peekthrough (its area) |',
    '| --- | ---: | --- | --- | --- | --- |',
    ...rows.map((r) =>
      line(
        r.image,
        `${r.fixations} (${r.participants})`,
        (m, k) => r.scores[m][k],
        `${pct(r.peekthrough.fixationsInHidden)} (${pct(r.peekthrough.hiddenArea)})`,
      ),
    ),
    line(
      '**mean**',
      String(Math.round(mean(rows, (r) => r.fixations))),
      (m, k) => mean(rows, (r) => r.scores[m][k]),
      `${pct(mean(rows, (r) => r.peekthrough.fixationsInHidden))} (${pct(mean(rows, (r) => r.peekthrough.hiddenArea))})`,
    ),
  ].join('\n');
}

const m = machine();
const command = `npx tsx bench/saliency-eval.ts ${relative(join(BENCH_DIR, '..'), folder) || folder}`;
const report = [
  `# Attention model against gaze: ${dataset.name}`,
  '',
  `Gaze: **${dataset.gaze === 'generated' ? 'GENERATED, not real people' : 'recorded from people'}**. ${dataset.description}`,
  '',
  `\`${command}\`, ${m.date.slice(0, 10)}, Node ${m.node}. Each metric cell: attention model / its position prior alone / centre-bias baseline / half of the participants predicting the other half. Metrics on 8 px cells (docs/attention-model.md).`,
  ...WINDOWS.flatMap((w) => [
    '',
    `## ${w.label[0]?.toUpperCase()}${w.label.slice(1)}`,
    '',
    table(results[w.key] ?? []),
  ]),
].join('\n');
console.log(report);
writeFileSync(join(RESULTS_DIR, 'saliency-eval.md'), `${report}\n`);
writeFileSync(
  join(RESULTS_DIR, 'saliency-eval.json'),
  `${JSON.stringify({ name: 'saliency-eval', folder: basename(folder), dataset: { name: dataset.name, gaze: dataset.gaze, description: dataset.description }, command, windows: WINDOWS.map((w) => ({ ...w, maxMs: Number.isFinite(w.maxMs) ? w.maxMs : null, images: results[w.key] })), machine: m }, null, 2)}\n`,
);
