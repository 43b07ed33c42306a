import { EMOTIONS, type EyeSamples, REFERENCE_HEIGHT, REFERENCE_WIDTH } from '@limbus/analytics';
import type { DemoParticipant } from './participant-types.js';
import { PX_PER_DEGREE } from './render-gaze.js';
import { isInsideRegion, type SiteLayout } from './site-layout.js';

/**
 * Test-only measurements, independent of the generator's internals: a plain velocity-threshold
 * (I-VT) split of gaze into fixations and saccades, as an analyst would do it.
 */

/** 30°/s, the usual I-VT threshold, in px/ms. */
export const IVT_THRESHOLD_PX_PER_MS = (30 * PX_PER_DEGREE) / 1000;

export type GazeEpisode = { start: number; end: number; durationMs: number; samples: number };

/** Runs of samples whose velocity to the previous sample is below (fixations) or above (saccades) the threshold. */
export function splitByVelocity(eyes: EyeSamples): { fixations: GazeEpisode[]; saccades: GazeEpisode[] } {
  const fixations: GazeEpisode[] = [];
  const saccades: GazeEpisode[] = [];
  const n = eyes.timestamp.length;
  const dt = n > 1 ? ((eyes.timestamp[n - 1] as number) - (eyes.timestamp[0] as number)) / (n - 1) : 1;
  let runStart = -1;
  let runFast = false;
  const close = (end: number) => {
    if (runStart < 0) return;
    const episode = {
      start: eyes.timestamp[runStart] as number,
      end: eyes.timestamp[end] as number,
      durationMs: (end - runStart + 1) * dt,
      samples: end - runStart + 1,
    };
    (runFast ? saccades : fixations).push(episode);
    runStart = -1;
  };
  for (let i = 1; i < n; i++) {
    const x0 = eyes.x[i - 1] as number;
    const x1 = eyes.x[i] as number;
    if (Number.isNaN(x0) || Number.isNaN(x1)) {
      close(i - 1);
      continue;
    }
    const v = Math.hypot(x1 - x0, (eyes.y[i] as number) - (eyes.y[i - 1] as number)) / dt;
    const fast = v >= IVT_THRESHOLD_PX_PER_MS;
    if (runStart >= 0 && fast !== runFast) close(i - 1);
    if (runStart < 0) {
      runStart = fast ? i - 1 : i;
      runFast = fast;
    }
  }
  close(n - 1);
  return { fixations, saccades };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function shareWithin(values: readonly number[], lo: number, hi: number): number {
  if (values.length === 0) return 0;
  let k = 0;
  for (const v of values) if (v >= lo && v <= hi) k++;
  return k / values.length;
}

/** Everything that must hold for any generated participant; returns what does not. */
export function findParticipantProblems(p: DemoParticipant, layout?: SiteLayout): string[] {
  const problems: string[] = [];
  const strictlyIncreasing = (name: string, ts: Float64Array) => {
    for (let i = 1; i < ts.length; i++) {
      if (!((ts[i] as number) > (ts[i - 1] as number))) {
        problems.push(`${name} timestamps not strictly increasing at ${i}`);
        return;
      }
    }
    if (ts.length > 0 && ((ts[0] as number) < p.startedAt || (ts[ts.length - 1] as number) > p.endedAt)) {
      problems.push(`${name} outside [startedAt, endedAt]`);
    }
  };
  const { eyes, mice, emotions } = p;
  if (eyes.x.length !== eyes.timestamp.length || eyes.y.length !== eyes.timestamp.length)
    problems.push('eye lengths differ');
  const m = mice.timestamp.length;
  for (const [name, col] of Object.entries({
    x: mice.x,
    y: mice.y,
    scrollY: mice.scrollY,
    pageHeight: mice.pageHeight,
    click: mice.click,
    urlIndex: mice.urlIndex,
  })) {
    if (col.length !== m) problems.push(`mouse ${name} length differs`);
  }
  const e = emotions.timestamp.length;
  if (emotions.joy.length !== e || emotions.attention.length !== e || emotions.frustration.length !== e)
    problems.push('emotion lengths differ');
  strictlyIncreasing('eye', eyes.timestamp);
  strictlyIncreasing('mouse', mice.timestamp);
  strictlyIncreasing('emotion', emotions.timestamp);
  for (let i = 0; i < eyes.x.length; i++) {
    const x = eyes.x[i] as number;
    const y = eyes.y[i] as number;
    if (Number.isNaN(x) !== Number.isNaN(y)) problems.push(`eye ${i}: only one coordinate is NaN`);
    else if (!Number.isNaN(x) && !(x >= 0 && x < REFERENCE_WIDTH && y >= 0 && y < REFERENCE_HEIGHT)) {
      problems.push(`eye ${i} outside the frame: ${x}, ${y}`);
    }
    if (problems.length > 20) return problems;
  }
  for (const emotion of EMOTIONS) {
    for (const v of emotions[emotion]) {
      if (!(v >= 0 && v <= 1)) {
        problems.push(`${emotion} out of [0, 1]: ${v}`);
        break;
      }
    }
  }
  if (layout) {
    const viewport = layout.viewport;
    for (let i = 0; i < m; i++) {
      const url = mice.urls[mice.urlIndex[i] as number];
      const page = layout.pages.find((pg) => pg.url === url);
      if (!page) {
        problems.push(`mouse ${i}: URL ${url} is not in the layout`);
        break;
      }
      const x = mice.x[i] as number;
      const y = mice.y[i] as number;
      const scroll = mice.scrollY[i] as number;
      if (!(x >= 0 && x < viewport.width && y >= 0 && y < viewport.height))
        problems.push(`mouse ${i} outside the viewport`);
      if (!(scroll >= 0 && scroll <= page.height - viewport.height))
        problems.push(`mouse ${i}: scrollY ${scroll} out of range`);
      if (mice.pageHeight[i] !== page.height)
        problems.push(`mouse ${i}: page height differs from the layout`);
      if (mice.click[i] === 1 && !page.regions.some((r) => r.clickable && isInsideRegion(r, x, y + scroll))) {
        problems.push(`click ${i} at ${x}, ${y + scroll} on ${page.name} is on no clickable region`);
      }
      if (problems.length > 20) return problems;
    }
  }
  p.events.forEach((ev, i) => {
    if (ev.timestamp < p.startedAt || ev.timestamp > p.endedAt)
      problems.push(`event ${i} outside the session`);
  });
  for (const c of p.comments) {
    const ev = p.events[c.eventIndex];
    if (!ev?.isSignificant || ev.timestamp !== c.timestamp)
      problems.push(`comment ${c.eventIndex} does not match an event`);
    if (c.language !== p.language) problems.push(`comment ${c.eventIndex} is not in ${p.language}`);
  }
  return problems;
}
