import { MOBILE_OFFSET_X, REFERENCE_HEIGHT, REFERENCE_WIDTH } from '@limbus/analytics';
import { annotateEvents, eventsFromCauses, sessionMood } from './annotate-events.js';
import type { DemoParticipant, Language, SampleRates } from './participant-types.js';
import { answerQuestionnaire, drawDemographic, WEB_QUESTIONNAIRE } from './questionnaire.js';
import { deriveSeed, normalizeSeed, Random } from './random.js';
import { renderEmotions } from './render-emotions.js';
import { focusGazeSource, renderGaze } from './render-gaze.js';
import { renderMouse } from './render-mouse.js';
import { type PlannerTraits, type SessionPlan, SessionPlanner } from './session-plan.js';
import type { Platform, SiteLayout } from './site-layout.js';
import { siteLayout } from './site-layouts.js';
import { type JourneyTraits, planWebJourney } from './web-journey.js';

export type GenerateParticipantOptions = {
  /** Any safe integer; the same seed and options always give the same participant. */
  seed: number;
  platform: Platform;
  /** Epoch ms of the first sample. */
  startTime: number;
  /** Captured site layout; defaults to the bundled Acme Running layout of the platform. */
  layout?: SiteLayout;
  /**
   * Session length in ms (at least 20 s), met exactly. Without it the participant takes as long
   * as the task takes them (median about 2.5 minutes, 90% within 2 to 3.5). Long targets make
   * the participant look at more and compare more; short ones end the session before the task
   * is done.
   */
  durationMs?: number;
  rates?: SampleRates;
  /** Language of comments and answers; drawn (65% Dutch) when absent. */
  language?: Language;
  realId?: string;
  /** Where the participant's comments start in each kind's phrases (its number in a cohort). */
  phraseOffset?: number;
};

export const DEFAULT_RATES: Required<SampleRates> = {
  eyeHz: 120,
  mouseHz: 60,
  mouseIdleHz: 5,
  emotionHz: 10,
};

/** Checks and completes sample rates: eye 30–1000 Hz, mouse 10–250 Hz, idle 2–mouse Hz, emotion 1–100 Hz. */
export function resolveRates(rates: SampleRates | undefined): Required<SampleRates> {
  const r = { ...DEFAULT_RATES, ...rates };
  const check = (name: string, v: number, lo: number, hi: number) => {
    if (!Number.isFinite(v) || v < lo || v > hi)
      throw new RangeError(`${name} must be within ${lo} and ${hi} Hz, got ${v}`);
  };
  check('eyeHz', r.eyeHz, 30, 1000);
  check('mouseHz', r.mouseHz, 10, 250);
  check('mouseIdleHz', r.mouseIdleHz, 2, r.mouseHz);
  check('emotionHz', r.emotionHz, 1, 100);
  return r;
}

type Profile = { planner: PlannerTraits; journey: JourneyTraits; explore: number };

function planSession(seed: number, layout: SiteLayout, profile: Profile, dwellScale: number) {
  const planner = new SessionPlanner(
    layout,
    new Random(deriveSeed(seed, 'plan')),
    dwellScale,
    profile.planner,
  );
  planWebJourney(planner, profile.journey, profile.explore);
  const dwell = planner.dwellTotal;
  return { plan: planner.finish(1000), dwell };
}

/** Lingers on the last page until `target`. */
function padPlan(plan: SessionPlan, target: number): void {
  const last = plan.visits[plan.visits.length - 1];
  if (last) last.t1 = target;
  const { width, height } = plan.viewport;
  plan.focus.push({ t0: plan.durationMs, t1: target, mode: 'scan', rect: { x: 0, y: 0, width, height } });
  plan.durationMs = target;
}

/** Ends the session at `target`: the test stopped before the participant finished. */
function truncatePlan(plan: SessionPlan, target: number): void {
  plan.visits = plan.visits.filter((v) => v.t0 < target);
  for (const v of plan.visits) {
    v.t1 = Math.min(v.t1, target);
    v.clicks = v.clicks.filter((c) => c.t <= v.t1);
  }
  plan.focus = plan.focus.filter((f) => f.t0 < target);
  plan.events = plan.events.filter((e) => e.causedAt < target);
  const maxUrl = plan.visits.reduce((m, v) => Math.max(m, v.urlIndex), -1);
  plan.urls = plan.urls.slice(0, maxUrl + 1);
  plan.durationMs = target;
}

/**
 * One participant of a website or app test on the demo shop, all streams consistent with one
 * behaviour plan: the journey home → category → product → basket → checkout with dwell and
 * detours, gaze in the 1920×1080 reference frame (mobile screens at x + 710), mouse or touch in
 * viewport pixels with scroll and page height from the layout, and 10 Hz emotions whose peaks
 * are listed in `events` with researcher comments and tags for the significant ones.
 */
export function generateParticipant(o: GenerateParticipantOptions): DemoParticipant {
  const seed = normalizeSeed(o.seed);
  const layout = o.layout ?? siteLayout(o.platform);
  if (layout.platform !== o.platform) {
    throw new Error(`The layout is for ${layout.platform}, not ${o.platform}`);
  }
  if (o.durationMs !== undefined && !(o.durationMs >= 20_000)) {
    throw new RangeError(`durationMs must be at least 20000, got ${o.durationMs}`);
  }
  const rates = resolveRates(o.rates);
  const rng = new Random(deriveSeed(seed, 'profile'));
  const demographic = drawDemographic(rng);
  const language: Language = o.language ?? (rng.chance(0.65) ? 'nl' : 'en');
  const profile: Profile = {
    planner: {
      slowness: Math.min(1.4, Math.max(0.75, rng.logNormal(1, 0.12) * (1 + (demographic.age - 38) / 150))),
      keyboardGlance: rng.uniform(0, 0.6),
      hoverFollow: o.platform === 'mobile' ? 0 : rng.uniform(0.1, 0.6),
    },
    journey: {
      thoroughness: rng.uniform(0.6, 1.6),
      expressiveness: rng.uniform(0.6, 1.4),
      patience: rng.uniform(0.5, 1.5),
    },
    explore:
      o.durationMs === undefined ? rng.uniform(1, 2.2) : Math.min(20, Math.max(0.5, o.durationMs / 120_000)),
  };
  const baseline = {
    joy: rng.uniform(0.2, 0.4),
    attention: rng.uniform(0.4, 0.6),
    frustration: rng.uniform(0.12, 0.3),
  };

  // Without a target, a participant's own pace sets the length (think-aloud sessions are slow).
  const pace = rng.uniform(1, 1.6);
  const target = o.durationMs;
  let { plan, dwell } = planSession(seed, layout, profile, target === undefined ? pace : 1);
  if (target !== undefined) {
    const fixed = plan.durationMs - dwell;
    const scale = Math.min(3, Math.max(0.35, (target - fixed) / Math.max(dwell, 1)));
    plan = planSession(seed, layout, profile, scale).plan;
    if (plan.durationMs < target) padPlan(plan, target);
    else if (plan.durationMs > target) truncatePlan(plan, target);
  }
  const durationMs = plan.durationMs;
  const startTime = o.startTime;
  const isMobile = o.platform === 'mobile';
  const viewport = { x: 0, y: 0, width: layout.viewport.width, height: layout.viewport.height };

  const gazeRng = new Random(deriveSeed(seed, 'gaze'));
  const eyes = renderGaze(
    focusGazeSource(plan.focus, viewport, gazeRng),
    {
      startTime,
      durationMs,
      rateHz: rates.eyeHz,
      area: viewport,
      offsetX: isMobile ? MOBILE_OFFSET_X : 0,
      offsetY: 0,
      frameWidth: REFERENCE_WIDTH,
      frameHeight: REFERENCE_HEIGHT,
    },
    gazeRng,
  );
  const mice = renderMouse(
    plan,
    { startTime, activeHz: rates.mouseHz, idleHz: rates.mouseIdleHz },
    new Random(deriveSeed(seed, 'mouse')),
  );
  const emotionRng = new Random(deriveSeed(seed, 'emotions'));
  const { events, responses } = eventsFromCauses(plan.events, startTime, durationMs, emotionRng);
  const emotions = renderEmotions(
    responses,
    { startTime, durationMs, rateHz: rates.emotionHz, baseline },
    emotionRng,
  );
  const feedbackRng = new Random(deriveSeed(seed, 'feedback'));
  const { comments, tags } = annotateEvents(events, language, feedbackRng, o.phraseOffset);
  const answers = answerQuestionnaire(
    WEB_QUESTIONNAIRE,
    language,
    sessionMood(events),
    events.map((e) => e.kind),
    feedbackRng,
  );
  let totalClicks = 0;
  for (const c of mice.click) totalClicks += c;

  return {
    realId: o.realId ?? `P-${deriveSeed(seed, 'id').toString(36).toUpperCase()}`,
    platform: o.platform,
    language,
    demographic,
    startedAt: startTime,
    endedAt: startTime + durationMs,
    eyes,
    mice,
    emotions,
    totalClicks,
    visits: plan.visits.map((v) => ({
      url: v.page.url,
      pageName: v.page.name,
      startedAt: startTime + v.t0,
      endedAt: startTime + v.t1,
    })),
    events,
    answers,
    comments,
    tags,
  };
}
