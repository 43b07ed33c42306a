/**
 * How the default detector labels smooth pursuit of a moving target (step-ramp paradigm:
 * 500 ms fixation, a saccade to the target, 1 s following it, a saccade back; 10 cycles) at 60,
 * 300 and 1000 Hz, target speeds of 5, 10 and 20°/s and white noise of 0.05, 0.5 and 1° RMS. Prints
 * the table of docs/gaze-analytics.md: shares of the true pursuit samples called pursuit and called
 * fixation, of the true fixation samples called fixation, and of the pursuit samples the fixed I-VT
 * calls fixation. Usage: npx tsx bench/pursuit-check.ts
 */
import {
  DEFAULT_SCREEN_GEOMETRY,
  detectFixationsIvt,
  detectGazeEvents,
  GAZE_CLASS,
} from '../packages/analytics/src/index.js';
import { angularGaze, stepRampPath } from '../packages/analytics/src/test-helpers.js';

/** Share of the samples of true class `truthValue` labelled `got`. */
function share(labels: Uint8Array, truth: Uint8Array, truthValue: number, got: number): number {
  let all = 0;
  let hit = 0;
  for (let i = 0; i < truth.length; i++) {
    if (truth[i] !== truthValue) continue;
    all++;
    if (labels[i] === got) hit++;
  }
  return hit / all;
}

const percent = (v: number) => `${Math.round(100 * v)} %`;
console.log(
  '| rate | target speed | noise | pursuit called pursuit | pursuit called fixation | fixation called fixation | fixed I-VT: pursuit called fixation |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const hz of [60, 300, 1000])
  for (const speed of [5, 10, 20])
    for (const noise of [0.05, 0.5, 1]) {
      const path = stepRampPath(speed, 10, 3);
      const { gaze, truth } = angularGaze(
        DEFAULT_SCREEN_GEOMETRY,
        path.at,
        hz,
        path.durationMs,
        noise,
        hz + speed,
      );
      const { classes } = detectGazeEvents(gaze);
      const ivt = detectFixationsIvt(gaze).isFixation;
      const { pursuit, fixation } = GAZE_CLASS;
      console.log(
        `| ${hz} Hz | ${speed}°/s | ${noise}° | ${percent(share(classes, truth, pursuit, pursuit))} | ${percent(share(classes, truth, pursuit, fixation))} | ${percent(share(classes, truth, fixation, fixation))} | ${percent(share(ivt, truth, pursuit, 1))} |`,
      );
    }
