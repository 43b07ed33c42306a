/**
 * Measures cohort generation: by default 1,000 desktop participants of 5 minutes with 120 Hz
 * gaze, consumed one at a time as a seeding job would (nothing is kept).
 *
 *   npx tsx packages/demo-data/scripts/bench-cohort.ts [count] [desktop|mobile] [eyeHz] [minutes]
 */
import { generateCohort } from '../src/index.js';

const count = Number(process.argv[2] ?? 1000);
const platform = process.argv[3] === 'mobile' ? 'mobile' : 'desktop';
const eyeHz = Number(process.argv[4] ?? 120);
const minutes = Number(process.argv[5] ?? 5);

let eye = 0;
let mouse = 0;
let emotion = 0;
let events = 0;
let peakHeap = 0;
const started = performance.now();
let i = 0;
for (const p of generateCohort({
  seed: 2025,
  count,
  platform,
  startTime: Date.UTC(2025, 0, 6, 9),
  durationMs: minutes * 60_000,
  rates: { eyeHz },
})) {
  eye += p.eyes.timestamp.length;
  mouse += p.mice.timestamp.length;
  emotion += p.emotions.timestamp.length;
  events += p.events.length;
  if (++i % 50 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify(
    {
      count,
      platform,
      eyeHz,
      minutes,
      seconds: Number(seconds.toFixed(2)),
      msPerParticipant: Number(((seconds * 1000) / count).toFixed(1)),
      eyeSamples: eye,
      eyeSamplesPerSecond: Math.round(eye / seconds),
      mouseSamples: mouse,
      emotionSamples: emotion,
      events,
      peakHeapMB: Math.round(peakHeap / 2 ** 20),
      node: process.version,
    },
    null,
    2,
  ),
);
