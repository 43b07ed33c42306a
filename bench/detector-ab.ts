/**
 * Old against new speed of the default gaze event detector on the real-length corpus
 * (bench/gaze-corpus.ts), in interleaved rounds so that both see the same load on a shared machine,
 * with the I-VT as a yardstick, after checking that old and new give the same results on every
 * recording, bit for bit (it stops at the first that differs). The old code is a copy of
 * packages/analytics/src from a commit:
 *
 *   mkdir -p /tmp/old && git archive <commit> packages/analytics/src | tar -x -C /tmp/old
 *   npx tsx bench/detector-ab.ts /tmp/old/packages/analytics/src [rounds]
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { detectFixationsIvt, detectGazeEvents, type GazeSamples } from '../packages/analytics/src/index.js';
import { type CorpusRecording, realLengthCorpus } from './gaze-corpus.js';
import { time } from './timing.js';

type Detect = (gaze: GazeSamples, options: { geometry: CorpusRecording['geometry'] }) => unknown;

const [oldSource, roundsArg] = process.argv.slice(2);
if (!oldSource) throw new Error('usage: npx tsx bench/detector-ab.ts <old packages/analytics/src> [rounds]');
const old = (await import(resolve(oldSource, 'index.ts'))) as { detectGazeEvents: Detect };
const detectors: Record<string, Detect> = {
  old: old.detectGazeEvents,
  new: detectGazeEvents,
  'I-VT': (gaze) => detectFixationsIvt(gaze),
};
const corpus = realLengthCorpus();
const groups: Record<string, CorpusRecording[]> = {
  'trials (5 s at 300 Hz)': corpus.filter((r) => r.group === 'trial'),
  'sessions (10k–180k samples)': corpus.filter((r) => r.group === 'session'),
  all: corpus,
};
const runAll = (detect: Detect, list: CorpusRecording[]) => () => {
  for (const r of list) detect(r.gaze, { geometry: r.geometry });
};
for (const r of corpus) {
  const options = { geometry: r.geometry };
  if (!isDeepStrictEqual(old.detectGazeEvents(r.gaze, options), detectGazeEvents(r.gaze, options)))
    throw new Error(`${r.name}: the new detector's result differs from the old one`);
}
console.log(`old and new results identical on all ${corpus.length} recordings`);
for (const detect of Object.values(detectors)) for (let i = 0; i < 3; i++) runAll(detect, corpus)();
const times = new Map<string, { wall: number; cpu: number }[]>();
const loads = [loadavg()[0] as number];
const rounds = Number(roundsArg ?? 15);
// Every other round runs the detectors in reverse order: in a fixed order, two copies of the same
// code differed by 4–7 % (whichever ran first in a round was faster).
const order = Object.entries(detectors);
for (let k = 0; k < rounds; k++)
  for (const [group, list] of Object.entries(groups))
    for (const [name, detect] of k % 2 === 0 ? order : [...order].reverse()) {
      const key = `${group}/${name}`;
      times.set(key, [...(times.get(key) ?? []), time(runAll(detect, list))]);
    }
loads.push(loadavg()[0] as number);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1] as number;
for (const [group, list] of Object.entries(groups)) {
  const samples = list.reduce((sum, r) => sum + r.gaze.timestamp.length, 0);
  const figures = Object.keys(detectors).map((name) => {
    const t = times.get(`${group}/${name}`) ?? [];
    const wall = median(t.map((x) => x.wall));
    const cpu = median(t.map((x) => x.cpu));
    return `${name} ${(samples / wall / 1000).toFixed(1)} M/s (${wall.toFixed(1)} ms, cpu ${cpu.toFixed(1)} ms)`;
  });
  // The ratio within each round, less moved by the load than either time.
  const oldCpu = (times.get(`${group}/old`) ?? []).map((x) => x.cpu);
  const ratio = median((times.get(`${group}/new`) ?? []).map((x, k) => x.cpu / (oldCpu[k] as number)));
  console.log(
    `${group}, ${list.length} recordings, ${samples} samples: ${figures.join('; ')}; new/old cpu ${ratio.toFixed(3)} (median of the rounds' ratios)`,
  );
}
console.log(
  `medians of ${rounds} rounds; load average (1 min) ${loads.map((l) => l.toFixed(1)).join(' → ')}`,
);
