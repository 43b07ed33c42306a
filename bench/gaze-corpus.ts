import { join } from 'node:path';
import {
  DEFAULT_SCREEN_GEOMETRY,
  type GazeSamples,
  type ScreenGeometry,
} from '../packages/analytics/src/index.js';
import { resampled, withLossBursts, withNoise } from './gaze-degrade.js';
import { LABELLED_GEOMETRY, type LabelledRecording, readLabelledRecordings } from './gaze-labelled.js';
import { BENCH_DIR } from './machine.js';
import { syntheticGaze } from './synthetic.js';

/** One recording of the real-length corpus, with the screen it was drawn on. */
export type CorpusRecording = {
  name: string;
  group: 'trial' | 'session';
  gaze: GazeSamples;
  geometry: ScreenGeometry;
};

/** Samples from..to−1 of a recording (the typed arrays copied, as a separate recording would be). */
function cut(g: GazeSamples, from: number, to: number): GazeSamples {
  return { timestamp: g.timestamp.slice(from, to), x: g.x.slice(from, to), y: g.y.slice(from, to) };
}

/** `length`-sample pieces, one after the other from the start, of a recording. */
function pieces(r: LabelledRecording, length: number): GazeSamples[] {
  const n = r.gaze.timestamp.length;
  return Array.from({ length: Math.floor(n / length) }, (_, k) => cut(r.gaze, k * length, (k + 1) * length));
}

/**
 * Recordings of the lengths and rates labs record (issue 27), made deterministically from the
 * hand-labelled EyeLink recordings (shared/data/gaze-labelled, MIT; 6 × 81 s at 1000 Hz) and the
 * bench's synthetic scanpath:
 * - trials: 5 s at 300 Hz (1,500 samples) with 0.5° of added noise, each labelled recording
 *   resampled and cut into 16 (96 trials);
 * - sessions: 20 s at 500 Hz (10,000) with 0.3° of noise, 4 per recording (24); the whole
 *   recordings at 1000 Hz with 2 % lost in bursts (6 × 81,000); two synthetic 3-minute sessions
 *   at 1000 Hz (180,000 each).
 */
export function realLengthCorpus(
  dataDir = join(BENCH_DIR, '..', '..', 'shared', 'data', 'gaze-labelled'),
): CorpusRecording[] {
  const labelled = readLabelledRecordings(dataDir);
  const G = LABELLED_GEOMETRY;
  const of = (group: CorpusRecording['group'], name: string, list: GazeSamples[]): CorpusRecording[] =>
    list.map((gaze, k) => ({ name: `${name} ${k}`, group, gaze, geometry: G }));
  return [
    ...labelled.flatMap((r, i) =>
      of(
        'trial',
        `${r.name} 300 Hz 5 s`,
        pieces(withNoise(resampled(r, 300), G, 0.5, 10 + i), 1500).slice(0, 16),
      ),
    ),
    ...labelled.flatMap((r, i) =>
      of(
        'session',
        `${r.name} 500 Hz 20 s`,
        pieces(withNoise(resampled(r, 500), G, 0.3, 20 + i), 10_000).slice(0, 4),
      ),
    ),
    ...labelled.map((r, i) => ({
      name: `${r.name} 1000 Hz, 2 % lost`,
      group: 'session' as const,
      gaze: withLossBursts(r, 0.02, 30 + i).gaze,
      geometry: G,
    })),
    ...[1, 2].map((seed) => ({
      name: `synthetic 3 min 1000 Hz ${seed}`,
      group: 'session' as const,
      gaze: syntheticGaze(180_000, 1000, seed),
      geometry: DEFAULT_SCREEN_GEOMETRY,
    })),
  ];
}
