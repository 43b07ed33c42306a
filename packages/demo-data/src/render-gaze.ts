import type { EyeSamples } from '@limbus/analytics';
import type { Random } from './random.js';
import type { FocusInterval, Rect } from './session-plan.js';

/**
 * Gaze as an oculomotor sequence: fixations (log-normal durations) with fixational drift and
 * tracker noise, saccades between them with a minimum-jerk profile and main-sequence durations
 * (about 21 ms + 2.2 ms per degree, 20 to 80 ms), blinks and tracking losses as NaN runs, and
 * smooth pursuit when the target moves. A `GazeSource` says where the next fixation goes.
 */

/** Pixels per degree of visual angle on a 24" 1920-wide screen at about 60 cm. */
export const PX_PER_DEGREE = 37;

export type GazeTarget =
  | {
      kind: 'fixate';
      /** Position in the source's coordinates (viewport or video frame pixels). */
      x: number;
      y: number;
      /** Target velocity in px/ms: the eyes pursue it during the fixation. */
      vx: number;
      vy: number;
      /** Median fixation duration in ms for this kind of looking. */
      medianMs: number;
    }
  | { kind: 'lost'; until: number };

/** Next target at time `t` (ms since start), given the current gaze position. */
export type GazeSource = (t: number, fromX: number, fromY: number) => GazeTarget;

export type GazeOptions = {
  startTime: number;
  durationMs: number;
  rateHz: number;
  /** The source's coordinate box; targets are kept inside it. */
  area: Rect;
  /** Added to source coordinates to reach the 1920×1080 reference frame (mobile: 710, 0). */
  offsetX: number;
  offsetY: number;
  frameWidth: number;
  frameHeight: number;
};

const FIX = 0;
const SACCADE = 1;
const LOST = 2;

export function renderGaze(source: GazeSource, o: GazeOptions, rng: Random): EyeSamples {
  const n = Math.floor((o.durationMs * o.rateHz) / 1000) + 1;
  const dt = 1000 / o.rateHz;
  const timestamp = new Float64Array(n);
  const xs = new Float32Array(n);
  const ys = new Float32Array(n);
  // Tracker noise falls with the rate so that sample-to-sample velocity noise stays ~0.14 px/ms.
  const noise = o.rateHz <= 120 ? 0.8 : (0.8 * 120) / o.rateHz;
  const driftStep = 0.07 * Math.sqrt(dt);
  const calX = rng.normal(0, 8);
  const calY = rng.normal(0, 8);
  const maxX = o.frameWidth - 0.01;
  const maxY = o.frameHeight - 0.01;
  const minX = o.area.x;
  const minY = o.area.y;
  const areaMaxX = o.area.x + o.area.width - 1;
  const areaMaxY = o.area.y + o.area.height - 1;

  let kind = LOST;
  let segEnd = 0;
  let cx = o.area.x + o.area.width / 2;
  let cy = o.area.y + o.area.height / 2;
  let fx = cx;
  let fy = cy;
  let fvx = 0;
  let fvy = 0;
  let fStart = 0;
  let driftX = 0;
  let driftY = 0;
  let sx0 = 0;
  let sy0 = 0;
  let sx1 = 0;
  let sy1 = 0;
  let sStart = 0;
  let sDur = 1;
  let pending: Extract<GazeTarget, { kind: 'fixate' }> | undefined;
  let slowX = 0;
  let slowY = 0;

  const startFixation = (t: number, target: Extract<GazeTarget, { kind: 'fixate' }>, median: number) => {
    kind = FIX;
    fx = target.x;
    fy = target.y;
    fvx = target.vx;
    fvy = target.vy;
    fStart = t;
    driftX = 0;
    driftY = 0;
    const d = rng.logNormal(median, 0.25);
    segEnd = t + Math.min(1500, Math.max(100, d));
  };

  // What happens when the current segment ends at time t.
  const next = (t: number) => {
    if (kind === FIX || (kind === LOST && !pending)) {
      const target = source(t, cx, cy);
      if (target.kind === 'lost') {
        kind = LOST;
        pending = undefined;
        segEnd = Math.max(target.until, t + dt);
        return;
      }
      // Keep saccades at least 1° long: shorter moves would merge into one fixation anyway.
      let tx = target.x;
      let ty = target.y;
      let dist = Math.hypot(tx - cx, ty - cy);
      if (dist < PX_PER_DEGREE) {
        const angle = dist > 0.5 ? Math.atan2(ty - cy, tx - cx) : rng.uniform(0, 2 * Math.PI);
        const len = rng.uniform(PX_PER_DEGREE, PX_PER_DEGREE * 1.6);
        tx = Math.min(areaMaxX, Math.max(minX, cx + Math.cos(angle) * len));
        ty = Math.min(areaMaxY, Math.max(minY, cy + Math.sin(angle) * len));
        dist = Math.hypot(tx - cx, ty - cy);
      }
      pending = { ...target, x: tx, y: ty };
      if (kind === LOST || rng.chance(0.06)) {
        // A blink (or the end of a loss): the eyes reappear on the next target. The slow drift of
        // the calibration moves on while the eyes are lost, so that it never shows as a jump.
        kind = LOST;
        slowX = Math.max(-25, Math.min(25, slowX + rng.normal(0, 2)));
        slowY = Math.max(-25, Math.min(25, slowY + rng.normal(0, 2)));
        const blink = rng.logNormal(150, 0.3);
        segEnd = t + Math.min(400, Math.max(80, blink));
        if (rng.chance(0.004)) segEnd += rng.uniform(300, 1500); // head turned, tracking lost
        return;
      }
      kind = SACCADE;
      sx0 = cx;
      sy0 = cy;
      sx1 = tx;
      sy1 = ty;
      sStart = t;
      const d = (21 + (2.2 * dist) / PX_PER_DEGREE) * rng.normal(1, 0.08);
      sDur = Math.min(80, Math.max(20, d));
      segEnd = t + sDur;
      return;
    }
    const target = pending;
    pending = undefined;
    if (target) startFixation(t, target, target.medianMs);
    else next(t);
  };

  next(0);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    timestamp[i] = o.startTime + t;
    while (t >= segEnd) next(segEnd);
    let x: number;
    let y: number;
    if (kind === LOST) {
      xs[i] = Number.NaN;
      ys[i] = Number.NaN;
      continue;
    }
    if (kind === FIX) {
      driftX += driftStep * rng.gaussian();
      driftY += driftStep * rng.gaussian();
      const el = t - fStart;
      x = fx + fvx * el + driftX;
      y = fy + fvy * el + driftY;
    } else {
      const s = (t - sStart) / sDur;
      const e = s * s * s * (10 - 15 * s + 6 * s * s);
      x = sx0 + (sx1 - sx0) * e;
      y = sy0 + (sy1 - sy0) * e;
    }
    cx = x;
    cy = y;
    x += o.offsetX + calX + slowX + noise * rng.gaussian();
    y += o.offsetY + calY + slowY + noise * rng.gaussian();
    xs[i] = Math.min(maxX, Math.max(0, x));
    ys[i] = Math.min(maxY, Math.max(0, y));
  }
  return { timestamp, x: xs, y: ys };
}

const MEDIAN_MS = { scan: 280, read: 235, point: 300 } as const;

/**
 * Gaze source for a web session: targets come from the planned focus intervals (viewport px).
 * scan looks around a rect with a central bias and occasional glances elsewhere; read walks
 * along lines with return sweeps and a few regressions; point stays on a target; away is lost.
 */
export function focusGazeSource(focus: FocusInterval[], viewport: Rect, rng: Random): GazeSource {
  let idx = 0;
  let readingIdx = -1;
  let readX = 0;
  let readY = 0;
  let lineEnd = 0;
  const clampInto = (v: number, lo: number, size: number) => Math.min(lo + size - 1, Math.max(lo, v));
  return (t) => {
    while (idx < focus.length && (focus[idx] as FocusInterval).t1 <= t) idx++;
    const f = focus[idx];
    const current = f && f.t0 <= t ? f : undefined;
    const mode = current?.mode ?? 'scan';
    const rect = current?.rect ?? viewport;
    if (mode === 'away' && current) return { kind: 'lost', until: current.t1 };
    let x: number;
    let y: number;
    if (mode === 'read') {
      // Lines of at most ~760 px (a comfortable measure), read less far as the eyes go down.
      const fullLine = Math.min(rect.width - 10, 760);
      if (readingIdx !== idx) {
        readingIdx = idx;
        readX = rect.x + rng.uniform(5, 30);
        readY = rect.y + Math.min(14, rect.height / 2);
        lineEnd = rect.x + fullLine;
      } else if (rng.chance(0.1)) {
        readX -= rng.uniform(40, 90);
      } else {
        readX += rng.uniform(70, 140);
        if (readX > lineEnd) {
          readX = rect.x + rng.uniform(5, 30);
          readY += rng.uniform(22, 30);
          lineEnd = rect.x + fullLine * rng.uniform(0.4, 1);
          if (readY > rect.y + rect.height - 4) readY = rect.y + Math.min(14, rect.height / 2);
        }
      }
      x = clampInto(readX + rng.normal(0, 4), rect.x, rect.width);
      y = clampInto(readY + rng.normal(0, 4), rect.y, rect.height);
    } else if (mode === 'point') {
      const sd = Math.min(rect.width, rect.height) / 6;
      x = clampInto(rng.normal(rect.x + rect.width / 2, sd), rect.x, rect.width);
      y = clampInto(rng.normal(rect.y + rect.height / 2, sd), rect.y, rect.height);
    } else if (rng.chance(0.08)) {
      x = rng.uniform(viewport.x, viewport.x + viewport.width - 1);
      y = rng.uniform(viewport.y, viewport.y + viewport.height - 1);
    } else {
      x = clampInto(rng.normal(rect.x + rect.width / 2, rect.width / 3.5), rect.x, rect.width);
      y = clampInto(rng.normal(rect.y + rect.height / 2, rect.height / 3.5), rect.y, rect.height);
    }
    return { kind: 'fixate', x, y, vx: 0, vy: 0, medianMs: MEDIAN_MS[mode === 'away' ? 'scan' : mode] };
  };
}
