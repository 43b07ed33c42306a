/**
 * Agreement of the fixation detectors with human coders on the hand-labelled 1000 Hz recordings
 * (shared/data/gaze-labelled): Cohen's kappa, fixation vs not, sample by sample, with each
 * detector's default options (one set for all recordings, never tuned per recording), on the clean
 * recordings and on copies made worse (bench/gaze-degrade.ts): white noise of 0.5° and 1° RMS,
 * resampled to 60, 300 and 1000 Hz, 5 % of the samples lost in bursts, and 300 Hz with 0.5° noise.
 * Usage: npx tsx bench/fixation-agreement.ts [dataDir]. Prints the tables of docs/gaze-analytics.md,
 * writes bench/results/fixation-agreement.json and exits 1 when a gate fails:
 * - the default detector (detectGazeEvents) reaches κ ≥ 0.80 on every clean recording,
 * - and a mean κ ≥ 0.70 at 1° of noise;
 * - the fixed I-VT (kept as an option) still reaches κ ≥ 0.80 on every clean recording.
 */
import { join, resolve } from 'node:path';
import {
  cohensKappa,
  detectFixationsIdt,
  detectFixationsIvt,
  detectGazeEvents,
  type GazeSamples,
} from '../packages/analytics/src/index.js';
import { resampled, withLossBursts, withNoise } from './gaze-degrade.js';
import { LABELLED_GEOMETRY, type LabelledRecording, readLabelledRecordings } from './gaze-labelled.js';
import { BENCH_DIR, writeResult } from './machine.js';

const MIN_CLEAN_KAPPA = 0.8;
const MIN_NOISY_KAPPA = 0.7;

const DETECTORS: { name: string; detect: (gaze: GazeSamples) => Uint8Array }[] = [
  {
    name: 'default (adaptive, detectGazeEvents)',
    detect: (gaze) => detectGazeEvents(gaze, { geometry: LABELLED_GEOMETRY }).isFixation,
  },
  { name: 'fixed I-VT (600 px/s)', detect: (gaze) => detectFixationsIvt(gaze).isFixation },
  { name: 'I-DT (15 px)', detect: (gaze) => detectFixationsIdt(gaze).isFixation },
];

/** Each condition makes its copy of recording number i (seeds differ per recording and condition). */
const CONDITIONS: { name: string; make: (r: LabelledRecording, i: number) => LabelledRecording }[] = [
  { name: 'clean', make: (r) => r },
  { name: 'noise 0.5°', make: (r, i) => withNoise(r, LABELLED_GEOMETRY, 0.5, 100 + i) },
  { name: 'noise 1°', make: (r, i) => withNoise(r, LABELLED_GEOMETRY, 1, 200 + i) },
  { name: '60 Hz', make: (r) => resampled(r, 60) },
  { name: '300 Hz', make: (r) => resampled(r, 300) },
  { name: '1000 Hz', make: (r) => resampled(r, 1000) },
  { name: '5 % loss', make: (r, i) => withLossBursts(r, 0.05, 300 + i) },
  { name: '300 Hz + 0.5°', make: (r, i) => withNoise(resampled(r, 300), LABELLED_GEOMETRY, 0.5, 400 + i) },
];

const dataDir = resolve(process.argv[2] ?? join(BENCH_DIR, '..', '..', 'shared', 'data', 'gaze-labelled'));
const recordings = readLabelledRecordings(dataDir);
if (recordings.length === 0) {
  console.error(`no recordings in ${dataDir}`);
  process.exit(1);
}

/** kappas[condition][detector][recording] */
const kappas = CONDITIONS.map((condition) => {
  const copies = recordings.map((r, i) => condition.make(r, i));
  return DETECTORS.map((d) => copies.map((c) => cohensKappa(d.detect(c.gaze), c.isFixation)));
});

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
/** Three decimals, without the minus of a rounded-off −0.000. */
const f3 = (v: number) => (Math.abs(v) < 0.0005 ? 0 : v).toFixed(3);

console.log(
  `Fixation agreement with human coders (Cohen's kappa), ${recordings.length} recordings in ${dataDir}`,
);
console.log('\nMean kappa (lowest recording in brackets):\n');
console.log(`| detector | ${CONDITIONS.map((c) => c.name).join(' | ')} |`);
console.log(`| --- | ${CONDITIONS.map(() => '---:').join(' | ')} |`);
DETECTORS.forEach((d, di) => {
  const cells = CONDITIONS.map((_, ci) => {
    const v = kappas[ci]?.[di] ?? [];
    return `${f3(mean(v))} (${f3(Math.min(...v))})`;
  });
  console.log(`| ${d.name} | ${cells.join(' | ')} |`);
});

console.log('\nPer recording, clean and at 1° noise:\n');
console.log(
  `| recording | samples | human fixations | ${DETECTORS.map((d) => `${d.name}: clean / 1°`).join(' | ')} |`,
);
console.log(`| --- | ---: | ---: | ${DETECTORS.map(() => '---:').join(' | ')} |`);
recordings.forEach((r, ri) => {
  const cells = DETECTORS.map(
    (_, di) => `${f3(kappas[0]?.[di]?.[ri] ?? Number.NaN)} / ${f3(kappas[2]?.[di]?.[ri] ?? Number.NaN)}`,
  );
  console.log(`| ${r.name} | ${r.gaze.timestamp.length} | ${humanFixations(r)} | ${cells.join(' | ')} |`);
});

const clean = (di: number) => kappas[0]?.[di] ?? [];
const noisy = (di: number) => kappas[2]?.[di] ?? [];
const failures = [
  Math.min(...clean(0)) < MIN_CLEAN_KAPPA &&
    `default detector: clean kappa ${f3(Math.min(...clean(0)))} < ${MIN_CLEAN_KAPPA}`,
  mean(noisy(0)) < MIN_NOISY_KAPPA &&
    `default detector: mean kappa at 1° noise ${f3(mean(noisy(0)))} < ${MIN_NOISY_KAPPA}`,
  Math.min(...clean(1)) < MIN_CLEAN_KAPPA &&
    `fixed I-VT: clean kappa ${f3(Math.min(...clean(1)))} < ${MIN_CLEAN_KAPPA}`,
].filter((f): f is string => typeof f === 'string');
console.log(
  `\nGates: default clean min ${f3(Math.min(...clean(0)))} (≥ ${MIN_CLEAN_KAPPA}), default 1° mean ${f3(mean(noisy(0)))} (≥ ${MIN_NOISY_KAPPA}), fixed I-VT clean min ${f3(Math.min(...clean(1)))} (≥ ${MIN_CLEAN_KAPPA})`,
);
writeResult('fixation-agreement', {
  dataDir,
  gates: { minCleanKappa: MIN_CLEAN_KAPPA, minMeanKappaAt1DegNoise: MIN_NOISY_KAPPA },
  conditions: CONDITIONS.map((c, ci) => ({
    name: c.name,
    kappas: Object.fromEntries(
      DETECTORS.map((d, di) => [
        d.name,
        Object.fromEntries(recordings.map((r, ri) => [r.name, kappas[ci]?.[di]?.[ri]])),
      ]),
    ),
  })),
});
if (failures.length > 0) {
  for (const f of failures) console.error(`FAIL: ${f}`);
  process.exit(1);
}

function humanFixations(r: LabelledRecording): number {
  let count = r.isFixation[0] === 1 ? 1 : 0;
  for (let i = 1; i < r.isFixation.length; i++)
    if (r.isFixation[i] === 1 && r.isFixation[i - 1] !== 1) count++;
  return count;
}
