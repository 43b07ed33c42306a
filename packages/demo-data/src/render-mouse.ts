import type { MouseSamples } from '@limbus/analytics';
import type { Random } from './random.js';
import type { PointerMove, ScrollSegment, SessionPlan, VisitPlan } from './session-plan.js';

/**
 * Mouse or touch samples from the plan, as a browser recorder would emit them: at `activeHz`
 * while the pointer moves or the page scrolls, at `idleHz` while it rests (the recorder's
 * keep-alive, so that no gap inside a page exceeds 1 s), one sample flagged as click at each
 * click, and nothing while the next page loads. Positions are whole viewport pixels.
 */
export type MouseOptions = { startTime: number; activeHz: number; idleHz: number };

const minJerk = (s: number) => s * s * s * (10 - 15 * s + 6 * s * s);
const easeOut = (s: number) => 1 - (1 - s) * (1 - s) * (1 - s);

function ease(seg: ScrollSegment, s: number): number {
  if (seg.easing === 'linear') return s;
  if (seg.easing === 'momentum') return easeOut(s);
  return 1 - (1 - s) * (1 - s); // wheel: smooth-scroll animation, quick start, soft stop
}

class Columns {
  t: number[] = [];
  x: number[] = [];
  y: number[] = [];
  scroll: number[] = [];
  height: number[] = [];
  click: number[] = [];
  url: number[] = [];
}

function renderVisit(v: VisitPlan, plan: SessionPlan, o: MouseOptions, rng: Random, out: Columns): void {
  const { width: vw, height: vh } = plan.viewport;
  const maxScroll = Math.max(0, v.page.height - vh);
  const activeStep = 1000 / o.activeHz;
  const idleStep = 1000 / o.idleHz;
  let mi = 0;
  let si = 0;
  let ci = 0;
  let scroll = 0;
  let px = v.x0;
  let py = v.y0;

  // Pointer position and scroll at time t; t never decreases within a visit.
  const stateAt = (t: number): boolean => {
    let moving = false;
    while (mi < v.moves.length && (v.moves[mi] as PointerMove).t1 <= t) {
      const m = v.moves[mi] as PointerMove;
      px = m.x1;
      py = m.y1;
      mi++;
    }
    const m = v.moves[mi];
    if (m && m.t0 <= t) {
      const s = m.t1 > m.t0 ? (t - m.t0) / (m.t1 - m.t0) : 1;
      const e = minJerk(s);
      const bow = m.bow * Math.sin(Math.PI * e) * Math.hypot(m.x1 - m.x0, m.y1 - m.y0);
      const len = Math.hypot(m.x1 - m.x0, m.y1 - m.y0) || 1;
      px = m.x0 + (m.x1 - m.x0) * e - ((m.y1 - m.y0) / len) * bow + rng.normal(0, 0.4);
      py = m.y0 + (m.y1 - m.y0) * e + ((m.x1 - m.x0) / len) * bow + rng.normal(0, 0.4);
      moving = true;
    }
    while (si < v.scrolls.length && (v.scrolls[si] as ScrollSegment).t1 <= t) {
      scroll = (v.scrolls[si] as ScrollSegment).to;
      si++;
    }
    const sc = v.scrolls[si];
    if (sc && sc.t0 <= t) {
      scroll = sc.from + (sc.to - sc.from) * ease(sc, (t - sc.t0) / (sc.t1 - sc.t0));
      moving = true;
    }
    return moving;
  };

  // When the next movement or scroll starts after t (so an idle step does not skip it).
  const nextActivity = (t: number): number => {
    let next = Number.POSITIVE_INFINITY;
    for (let k = mi; k < v.moves.length; k++) {
      const m = v.moves[k] as PointerMove;
      if (m.t1 > t) {
        next = Math.max(m.t0, t);
        break;
      }
    }
    for (let k = si; k < v.scrolls.length; k++) {
      const s = v.scrolls[k] as ScrollSegment;
      if (s.t1 > t) {
        next = Math.min(next, Math.max(s.t0, t));
        break;
      }
    }
    return next;
  };

  const push = (t: number, isClick: boolean, cx?: number, cy?: number) => {
    out.t.push(o.startTime + t);
    out.x.push(Math.min(vw - 1, Math.max(0, Math.round(cx ?? px))));
    out.y.push(Math.min(vh - 1, Math.max(0, Math.round(cy ?? py))));
    out.scroll.push(Math.min(maxScroll, Math.max(0, Math.round(scroll))));
    out.height.push(v.page.height);
    out.click.push(isClick ? 1 : 0);
    out.url.push(v.urlIndex);
  };

  let t = v.t0;
  while (t <= v.t1) {
    const click = v.clicks[ci];
    const isActive = stateAt(t);
    let step = isActive ? activeStep * rng.uniform(0.9, 1.1) : idleStep * rng.uniform(0.85, 1.15);
    if (!isActive) step = Math.min(step, Math.max(1, nextActivity(t) - t));
    if (click && click.t <= t + step) {
      // The click sample replaces the regular one that would land within 2 ms of it.
      if (click.t - t >= 2) push(t, false);
      stateAt(click.t);
      push(click.t, true, click.x, click.y);
      ci++;
      t = click.t + Math.max(2, activeStep * rng.uniform(0.3, 0.9));
      continue;
    }
    push(t, false);
    t += step;
  }
}

export function renderMouse(plan: SessionPlan, o: MouseOptions, rng: Random): MouseSamples {
  const out = new Columns();
  for (const visit of plan.visits) renderVisit(visit, plan, o, rng, out);
  return {
    timestamp: Float64Array.from(out.t),
    x: Float32Array.from(out.x),
    y: Float32Array.from(out.y),
    scrollY: Float32Array.from(out.scroll),
    pageHeight: Float32Array.from(out.height),
    click: Uint8Array.from(out.click),
    urlIndex: Uint16Array.from(out.url),
    urls: plan.urls.slice(),
  };
}

/** An empty stream, for video participants. */
export function emptyMouseSamples(): MouseSamples {
  return {
    timestamp: new Float64Array(0),
    x: new Float32Array(0),
    y: new Float32Array(0),
    scrollY: new Float32Array(0),
    pageHeight: new Float32Array(0),
    click: new Uint8Array(0),
    urlIndex: new Uint16Array(0),
    urls: [],
  };
}
