import type { Emotion } from '@limbus/analytics';
import { EVENT_KINDS, type EventKind } from './phrase-bank.js';
import type { Random } from './random.js';
import { findPage, findRegion, type LayoutPage, type LayoutRegion, type SiteLayout } from './site-layout.js';

/**
 * The behaviour of one web session as a timeline, built action by action by `SessionPlanner`
 * (times in ms since the session start, positions in viewport pixels) and then rendered into
 * gaze, mouse and emotion samples. Gaze, mouse and scroll all come from this one plan, so they
 * agree with each other and with the captured layout.
 */
export type Rect = { x: number; y: number; width: number; height: number };

/** scan: look around in the rect; read: line by line; point: at a target; away: off screen. */
export type FocusMode = 'scan' | 'read' | 'point' | 'away';
export type FocusInterval = { t0: number; t1: number; mode: FocusMode; rect: Rect };

/** Scroll position moves from `from` to `to` during [t0, t1]: a wheel notch, a swipe, its momentum. */
export type ScrollSegment = {
  t0: number;
  t1: number;
  from: number;
  to: number;
  easing: 'wheel' | 'linear' | 'momentum';
};

/** Pointer path from (x0, y0) to (x1, y1); `bow` bends it sideways as a fraction of its length. */
export type PointerMove = {
  t0: number;
  t1: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  bow: number;
};

export type Click = { t: number; x: number; y: number };

export type VisitPlan = {
  page: LayoutPage;
  urlIndex: number;
  t0: number;
  t1: number;
  /** Pointer position when the page opens. */
  x0: number;
  y0: number;
  scrolls: ScrollSegment[];
  moves: PointerMove[];
  clicks: Click[];
};

export type PlannedEvent = {
  causedAt: number;
  emotion: Emotion;
  kind: EventKind;
  regionName: string;
  url: string;
  intensity: number;
};

export type SessionPlan = {
  durationMs: number;
  urls: string[];
  visits: VisitPlan[];
  focus: FocusInterval[];
  events: PlannedEvent[];
  viewport: { width: number; height: number };
};

export type PlannerTraits = {
  /** Multiplies pointer movement times (Fitts' law), 0.8 to 1.3. */
  slowness: number;
  /** Share of typing time spent looking at the keyboard (desktop), 0 to 0.6. */
  keyboardGlance: number;
  /** Chance that the pointer follows the gaze while looking (desktop), 0.1 to 0.6. */
  hoverFollow: number;
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export class SessionPlanner {
  t = 0;
  /** Total time of dwell-scaled actions (looking, reading, typing, waiting). */
  dwellTotal = 0;
  scrollY = 0;
  px: number;
  py: number;
  readonly urls: string[] = [];
  readonly visits: VisitPlan[] = [];
  readonly focus: FocusInterval[] = [];
  readonly events: PlannedEvent[] = [];
  readonly isMobile: boolean;
  readonly vw: number;
  readonly vh: number;
  private visit: VisitPlan | undefined;

  constructor(
    readonly layout: SiteLayout,
    readonly rng: Random,
    readonly dwellScale: number,
    readonly traits: PlannerTraits,
  ) {
    this.isMobile = layout.platform === 'mobile';
    this.vw = layout.viewport.width;
    this.vh = layout.viewport.height;
    this.px = Math.round(this.vw * rng.uniform(0.4, 0.7));
    this.py = Math.round(this.vh * rng.uniform(0.4, 0.8));
  }

  get page(): LayoutPage {
    if (!this.visit) throw new Error('No page is open');
    return this.visit.page;
  }

  get maxScroll(): number {
    return Math.max(0, this.page.height - this.vh);
  }

  /** A dwell time scaled to fit the session's target length. */
  dwell(ms: number): number {
    const d = ms * this.dwellScale;
    this.dwellTotal += d;
    return d;
  }

  region(name: string): LayoutRegion | undefined {
    return findRegion(this.page, name);
  }

  openPage(name: string): void {
    const page = findPage(this.layout, name);
    let urlIndex = this.urls.indexOf(page.url);
    if (urlIndex < 0) urlIndex = this.urls.push(page.url) - 1;
    this.scrollY = 0;
    this.visit = {
      page,
      urlIndex,
      t0: this.t,
      t1: this.t,
      x0: this.px,
      y0: this.py,
      scrolls: [],
      moves: [],
      clicks: [],
    };
    this.visits.push(this.visit);
  }

  /** Ends the open page at the current time. */
  closePage(): void {
    if (this.visit) this.visit.t1 = this.t;
    this.visit = undefined;
  }

  private addFocus(duration: number, mode: FocusMode, rect: Rect): void {
    if (duration <= 0) return;
    this.focus.push({ t0: this.t, t1: this.t + duration, mode, rect });
  }

  private viewportRect(): Rect {
    return { x: 0, y: 0, width: this.vw, height: this.vh };
  }

  /** The visible part of a region in viewport coordinates, or undefined when it is off screen. */
  visibleRect(region: LayoutRegion): Rect | undefined {
    const top = Math.max(region.y - this.scrollY, 0);
    const bottom = Math.min(region.y + region.height - this.scrollY, this.vh);
    const left = Math.max(region.x, 0);
    const right = Math.min(region.x + region.width, this.vw);
    if (bottom - top < 2 || right - left < 2) return undefined;
    return { x: left, y: top, width: right - left, height: bottom - top };
  }

  /** Scrolls so that the region's top part is comfortably in view, if it is not already. */
  ensureVisible(region: LayoutRegion): void {
    const margin = this.isMobile ? 24 : 48;
    const shown = Math.min(region.height, this.vh * 0.6);
    const top = region.y - this.scrollY;
    if (top >= margin && top + shown <= this.vh - margin) return;
    if (region.y < margin && this.scrollY === 0) return;
    this.scrollTo(clamp(region.y + shown / 2 - this.vh * 0.45, 0, this.maxScroll));
  }

  scrollTo(target: number): void {
    const to = Math.round(clamp(target, 0, this.maxScroll));
    if (Math.abs(to - this.scrollY) < 1) return;
    if (this.isMobile) this.swipeTo(to);
    else this.wheelTo(to);
  }

  scrollBy(delta: number): void {
    this.scrollTo(this.scrollY + delta);
  }

  private pushScroll(duration: number, to: number, easing: ScrollSegment['easing']): void {
    this.visit?.scrolls.push({ t0: this.t, t1: this.t + duration, from: this.scrollY, to, easing });
    this.scrollY = to;
  }

  /** Mouse wheel: notches of 100 px, each animated over ~130 ms, in bursts with short pauses. */
  private wheelTo(to: number): void {
    const r = this.rng;
    const band: Rect = { x: this.vw * 0.2, y: this.vh * 0.2, width: this.vw * 0.6, height: this.vh * 0.5 };
    let burst = r.int(2, 6);
    while (Math.abs(to - this.scrollY) >= 1) {
      const step = Math.sign(to - this.scrollY) * Math.min(100, Math.abs(to - this.scrollY));
      const duration = r.uniform(110, 160);
      this.addFocus(duration, 'scan', band);
      this.pushScroll(duration, this.scrollY + step, 'wheel');
      this.t += duration;
      burst -= 1;
      const pause = burst > 0 ? r.uniform(0, 60) : r.uniform(250, 700);
      if (burst <= 0) burst = r.int(2, 6);
      this.addFocus(pause, 'scan', band);
      this.t += pause;
    }
  }

  /** Touch: the finger drags the page, then momentum carries it further; a pause between swipes. */
  private swipeTo(to: number): void {
    const r = this.rng;
    const band: Rect = { x: 0, y: this.vh * 0.15, width: this.vw, height: this.vh * 0.6 };
    while (Math.abs(to - this.scrollY) >= 1) {
      const dir = Math.sign(to - this.scrollY);
      const remaining = Math.abs(to - this.scrollY);
      const x = Math.round(r.uniform(this.vw * 0.3, this.vw * 0.8));
      const y0 = Math.round(
        dir > 0 ? r.uniform(this.vh * 0.6, this.vh * 0.9) : r.uniform(this.vh * 0.15, this.vh * 0.4),
      );
      const room = dir > 0 ? y0 - 40 : this.vh - 40 - y0;
      const drag = Math.round(Math.min(remaining, room, r.uniform(180, 420)));
      const dragTime = r.uniform(120, 260);
      const glide = Math.round(Math.min(remaining - drag, drag * r.uniform(0.3, 1.2)));
      const glideTime = r.uniform(300, 700);
      const pause = r.uniform(150, 500);
      this.px = x;
      this.py = y0;
      this.visit?.moves.push({
        t0: this.t,
        t1: this.t + dragTime,
        x0: x,
        y0,
        x1: x,
        y1: y0 - dir * drag,
        bow: 0,
      });
      this.addFocus(dragTime + glideTime + pause, 'scan', band);
      this.pushScroll(dragTime, this.scrollY + dir * drag, 'linear');
      this.t += dragTime;
      this.py = y0 - dir * drag;
      if (glide >= 1) {
        this.pushScroll(glideTime, this.scrollY + dir * glide, 'momentum');
      }
      this.t += glideTime + pause;
    }
  }

  /** Moves the pointer to a viewport point: Fitts' law timing, a slight bow, sometimes an overshoot. */
  moveTo(x: number, y: number, targetSize: number): void {
    if (this.isMobile) {
      this.px = x;
      this.py = y;
      return;
    }
    const r = this.rng;
    const dx = x - this.px;
    const dy = y - this.py;
    const distance = Math.hypot(dx, dy);
    const overshoot = distance > 200 && r.chance(0.3);
    const bow = r.normal(0, 0.08);
    const time =
      (170 + 130 * Math.log2(1 + distance / Math.max(targetSize, 8))) *
      this.traits.slowness *
      r.logNormal(1, 0.15);
    if (distance < 2) return;
    if (overshoot) {
      const f = 1 + r.uniform(0.04, 0.1);
      const ox = clamp(this.px + dx * f + r.normal(0, 6), 0, this.vw - 1);
      const oy = clamp(this.py + dy * f + r.normal(0, 6), 0, this.vh - 1);
      const correction = r.uniform(120, 220);
      this.pushMove(time, ox, oy, bow);
      this.pushMove(correction, x, y, 0);
    } else {
      this.pushMove(time, x, y, bow);
    }
  }

  private pushMove(duration: number, x: number, y: number, bow: number): void {
    this.visit?.moves.push({
      t0: this.t,
      t1: this.t + duration,
      x0: this.px,
      y0: this.py,
      x1: x,
      y1: y,
      bow,
    });
    this.px = x;
    this.py = y;
    this.t += duration;
  }

  /** A point inside the visible part of a region, biased to its centre. */
  pointIn(rect: Rect, spread = 0.18): { x: number; y: number } {
    const r = this.rng;
    const mx = Math.min(4, rect.width / 4);
    const my = Math.min(4, rect.height / 4);
    return {
      x: Math.round(
        clamp(r.normal(rect.x + rect.width / 2, rect.width * spread), rect.x + mx, rect.x + rect.width - mx),
      ),
      y: Math.round(
        clamp(
          r.normal(rect.y + rect.height / 2, rect.height * spread),
          rect.y + my,
          rect.y + rect.height - my,
        ),
      ),
    };
  }

  /** Looks at a region (scrolling to it first); the pointer may drift along on desktop. */
  lookAt(name: string, ms: number, mode: FocusMode = 'scan'): boolean {
    const region = this.region(name);
    if (!region) return false;
    this.ensureVisible(region);
    const rect = this.visibleRect(region) ?? this.viewportRect();
    const duration = this.dwell(ms);
    const follows = this.rng.chance(this.traits.hoverFollow);
    const start = this.t;
    const p = this.pointIn(rect, 0.25);
    if (!this.isMobile && follows) {
      this.addFocus(duration, mode, rect);
      this.moveTo(p.x, Math.min(p.y + 30, this.vh - 1), Math.min(rect.width, rect.height));
      this.t = Math.max(this.t, start + duration);
      return true;
    }
    this.addFocus(duration, mode, rect);
    this.t += duration;
    return true;
  }

  /** Looks at the current viewport without a particular target. */
  wait(ms: number): void {
    const duration = this.dwell(ms);
    this.addFocus(duration, 'scan', this.viewportRect());
    this.t += duration;
  }

  /** Looks at `count` regions in and near the viewport, one after another. */
  lookAround(count: number): void {
    const near = this.page.regions.filter(
      (reg) => reg.y + reg.height > this.scrollY - this.vh * 0.5 && reg.y < this.scrollY + this.vh * 1.5,
    );
    for (let i = 0; i < count; i++) {
      const region = near.length > 0 ? this.rng.pick(near) : undefined;
      const ms = this.rng.logNormal(900, 0.4);
      if (region) this.lookAt(region.name, ms);
    }
  }

  /** Clicks a region: the eyes go first, the pointer follows, then the click. Returns false if absent. */
  click(name: string): boolean {
    const region = this.region(name);
    if (!region) return false;
    this.ensureVisible(region);
    const rect = this.visibleRect(region);
    if (!rect) return false;
    const target = this.pointIn(rect);
    const r = this.rng;
    const lead = r.uniform(200, 450);
    const settle = this.isMobile ? r.uniform(60, 120) : r.uniform(60, 160);
    const pad = Math.max(10, Math.min(rect.width, rect.height) / 4);
    const spot: Rect = { x: target.x - pad, y: target.y - pad, width: 2 * pad, height: 2 * pad };
    const start = this.t;
    this.t += lead;
    this.moveTo(target.x, target.y, Math.min(rect.width, rect.height));
    if (this.isMobile) {
      // A tap: the finger rests on the target for a moment, with a pixel or two of wobble.
      this.visit?.moves.push({
        t0: this.t,
        t1: this.t + settle,
        x0: target.x,
        y0: target.y,
        x1: target.x,
        y1: target.y,
        bow: 0,
      });
    }
    this.t += settle;
    this.visit?.clicks.push({ t: this.t, x: target.x, y: target.y });
    const after = r.uniform(60, 160);
    this.t += after;
    const end = this.t;
    this.t = start;
    this.addFocus(end - start, 'point', spot);
    this.t = end;
    return true;
  }

  /** Clicks a link region and, when it leads to a page of the layout, opens that page. */
  followLink(name: string): boolean {
    const region = this.region(name);
    const target = this.layout.pages.find((p) => p.path === region?.href);
    if (!region || !target || !this.click(name)) return false;
    this.navigate(target.name);
    return true;
  }

  /** Leaves the current page at the last click and opens another after a loading gap. */
  navigate(name: string): void {
    const r = this.rng;
    const gap = r.chance(0.3) ? r.uniform(1100, 2600) : r.uniform(250, 900);
    this.closePage();
    this.addFocus(gap, 'scan', { x: 0, y: 0, width: this.vw, height: this.vh * 0.5 });
    this.t += gap;
    this.openPage(name);
  }

  /** Clicks a form field and types; the eyes go to the keyboard now and then. */
  type(name: string, ms: number): boolean {
    if (!this.click(name)) return false;
    const region = this.region(name);
    const rect = (region && this.visibleRect(region)) ?? this.viewportRect();
    const r = this.rng;
    let left = this.dwell(ms);
    const keyboard: Rect = { x: 0, y: this.vh * 0.62, width: this.vw, height: this.vh * 0.38 };
    while (left > 0) {
      const onField = Math.min(left, r.uniform(400, 1200));
      this.addFocus(onField, 'point', rect);
      this.t += onField;
      left -= onField;
      if (left <= 0) break;
      const glance = Math.min(left, r.uniform(300, 1200));
      if (this.isMobile) this.addFocus(glance, 'scan', keyboard);
      else this.addFocus(glance, r.chance(this.traits.keyboardGlance) ? 'away' : 'point', rect);
      this.t += glance;
      left -= glance;
    }
    return true;
  }

  /** Records the cause of an emotion peak at the current time. */
  event(kind: EventKind, regionName: string, intensity: number): void {
    this.events.push({
      causedAt: this.t,
      emotion: EVENT_KINDS[kind].emotion,
      kind,
      regionName,
      url: this.page.url,
      intensity,
    });
  }

  finish(tailMs: number): SessionPlan {
    this.addFocus(tailMs, 'scan', this.viewportRect());
    this.t += tailMs;
    this.closePage();
    return {
      durationMs: this.t,
      urls: this.urls,
      visits: this.visits,
      focus: this.focus,
      events: this.events,
      viewport: { width: this.vw, height: this.vh },
    };
  }
}
