import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GazeSamples, ScreenGeometry } from '../packages/analytics/src/index.js';

/** The screen of the labelled recordings (their README): 1920×1080 px, 533×301 mm, viewed from 565 mm. */
export const LABELLED_GEOMETRY: ScreenGeometry = {
  widthPx: 1920,
  heightPx: 1080,
  widthMm: 533,
  heightMm: 301,
  distanceMm: 565,
};

/** One hand-labelled recording: gaze in px (NaN where the tracker reported invalid) and the human label. */
export type LabelledRecording = {
  name: string;
  gaze: GazeSamples;
  human: Uint8Array;
  isFixation: Uint8Array;
};

/** Reads the CSV recordings of a gaze-labelled folder (columns t_ms,x_deg,y_deg,x_px,y_px,valid,label). */
export function readLabelledRecordings(dir: string): LabelledRecording[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((file) => {
      const lines = readFileSync(join(dir, file), 'utf8').trim().split('\n');
      const header = (lines[0] ?? '').split(',');
      const col = (name: string): number => {
        const i = header.indexOf(name);
        if (i < 0) throw new Error(`${file}: missing column ${name}`);
        return i;
      };
      const [ti, xi, yi, vi, li] = [col('t_ms'), col('x_px'), col('y_px'), col('valid'), col('label')];
      const n = lines.length - 1;
      const timestamp = new Float64Array(n);
      const x = new Float32Array(n);
      const y = new Float32Array(n);
      const human = new Uint8Array(n);
      const isFixation = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const c = (lines[i + 1] ?? '').split(',');
        const isValid = c[vi] === '1';
        timestamp[i] = Number(c[ti]);
        x[i] = isValid ? Number(c[xi]) : Number.NaN;
        y[i] = isValid ? Number(c[yi]) : Number.NaN;
        human[i] = Number(c[li]);
        isFixation[i] = c[li] === '1' ? 1 : 0;
      }
      return { name: file.replace(/\.csv$/, ''), gaze: { timestamp, x, y }, human, isFixation };
    });
}
