/**
 * Agreement of the fixation detectors with human coders on the hand-labelled 1000 Hz recordings
 * (shared/data/gaze-labelled): Cohen's kappa, fixation vs not, sample by sample, with the
 * detectors' DEFAULT options (one set for all recordings, never tuned per recording).
 * Usage: npx tsx bench/fixation-agreement.ts [dataDir]. Exits 1 if any I-VT kappa < 0.80.
 */
import { join, resolve } from 'node:path';
import { cohensKappa, detectFixationsIdt, detectFixationsIvt } from '../packages/analytics/src/index.js';
import { readLabelledRecordings } from './gaze-labelled.js';
import { BENCH_DIR, writeResult } from './machine.js';

const MIN_KAPPA = 0.8;
const dataDir = resolve(process.argv[2] ?? join(BENCH_DIR, '..', '..', 'shared', 'data', 'gaze-labelled'));
const recordings = readLabelledRecordings(dataDir);
if (recordings.length === 0) {
  console.error(`no recordings in ${dataDir}`);
  process.exit(1);
}

const rows = recordings.map((r) => {
  const ivt = detectFixationsIvt(r.gaze);
  const idt = detectFixationsIdt(r.gaze);
  let humanFixations = 0;
  for (let i = 1; i < r.isFixation.length; i++)
    if (r.isFixation[i] === 1 && r.isFixation[i - 1] !== 1) humanFixations++;
  if (r.isFixation[0] === 1) humanFixations++;
  return {
    recording: r.name,
    samples: r.gaze.timestamp.length,
    humanFixations,
    ivtFixations: ivt.fixations.length,
    idtFixations: idt.fixations.length,
    ivtKappa: cohensKappa(ivt.isFixation, r.isFixation),
    idtKappa: cohensKappa(idt.isFixation, r.isFixation),
  };
});

console.log(`Fixation agreement with human coders (Cohen's kappa), ${dataDir}`);
console.log(
  '| recording | samples | human fixations | I-VT fixations | I-VT kappa | I-DT fixations | I-DT kappa |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.recording} | ${r.samples} | ${r.humanFixations} | ${r.ivtFixations} | ${r.ivtKappa.toFixed(3)} | ${r.idtFixations} | ${r.idtKappa.toFixed(3)} |`,
  );
}
const minIvt = Math.min(...rows.map((r) => r.ivtKappa));
const meanIvt = rows.reduce((a, r) => a + r.ivtKappa, 0) / rows.length;
const meanIdt = rows.reduce((a, r) => a + r.idtKappa, 0) / rows.length;
console.log(
  `I-VT kappa min ${minIvt.toFixed(3)}, mean ${meanIvt.toFixed(3)}; I-DT mean ${meanIdt.toFixed(3)}; required I-VT ≥ ${MIN_KAPPA}`,
);
writeResult('fixation-agreement', {
  dataDir,
  minKappa: MIN_KAPPA,
  minIvtKappa: minIvt,
  meanIvtKappa: meanIvt,
  meanIdtKappa: meanIdt,
  recordings: rows,
});
if (!(minIvt >= MIN_KAPPA)) {
  console.error(`FAIL: I-VT kappa ${minIvt.toFixed(3)} < ${MIN_KAPPA}`);
  process.exit(1);
}
