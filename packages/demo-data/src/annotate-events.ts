import type { Emotion } from '@limbus/analytics';
import type { DemoComment, DemoEvent, DemoTagSuggestion, Language } from './participant-types.js';
import { EVENT_KINDS, type EventKind } from './phrase-bank.js';
import type { Random } from './random.js';
import type { EmotionResponse } from './render-emotions.js';

/** Peaks at least this high (logit units) are ones a researcher would annotate. */
export const SIGNIFICANT_INTENSITY = 1.2;

export type EventCause = {
  causedAt: number;
  emotion: Emotion;
  kind: EventKind;
  regionName: string;
  url: string;
  intensity: number;
};

/**
 * Turns causes into emotion responses (rise 0.8–2 s to the peak, decay 2–6 s) and ground-truth
 * events stamped at the peak. Causes whose peak falls after the session are dropped.
 */
export function eventsFromCauses(
  causes: readonly EventCause[],
  startTime: number,
  durationMs: number,
  rng: Random,
): { events: DemoEvent[]; responses: EmotionResponse[] } {
  const events: DemoEvent[] = [];
  const responses: EmotionResponse[] = [];
  for (const c of causes) {
    const riseMs = rng.uniform(800, 2000);
    const decayMs = rng.uniform(2000, 6000);
    const peakAt = c.causedAt + riseMs;
    if (peakAt > durationMs - 500) continue;
    responses.push({ emotion: c.emotion, peakAt, intensity: c.intensity, riseMs, decayMs });
    events.push({
      timestamp: startTime + peakAt,
      causedAt: startTime + c.causedAt,
      emotion: c.emotion,
      kind: c.kind,
      regionName: c.regionName,
      url: c.url,
      intensity: c.intensity,
      isSignificant: c.intensity >= SIGNIFICANT_INTENSITY,
    });
  }
  return { events, responses };
}

/**
 * A comment and tag names for each significant event; repeated kinds get different phrases, and
 * `phraseOffset` (a cohort's participant number) starts each kind at another phrase for each
 * participant, so that a test's comments vary (issue 26). The comment comes in both languages: the participant's as its text, the other as a translation.
 */
export function annotateEvents(
  events: readonly DemoEvent[],
  language: Language,
  rng: Random,
  phraseOffset?: number,
): { comments: DemoComment[]; tags: DemoTagSuggestion[] } {
  const comments: DemoComment[] = [];
  const tags: DemoTagSuggestion[] = [];
  const used = new Map<EventKind, number>();
  events.forEach((event, eventIndex) => {
    if (!event.isSignificant) return;
    const info = EVENT_KINDS[event.kind];
    const phrases = info[language];
    const seen = used.get(event.kind);
    // the draw happens either way, so that the rest of the participant stays as it was
    const drawn = rng.int(0, phrases.length - 1);
    const first = phraseOffset === undefined ? drawn : phraseOffset % phrases.length;
    const index = seen === undefined ? first : (seen + 1) % phrases.length;
    used.set(event.kind, index);
    const translations = { nl: info.nl[index] ?? info.nl[0], en: info.en[index] ?? info.en[0] };
    comments.push({
      eventIndex,
      timestamp: event.timestamp,
      emotion: event.emotion,
      language,
      text: translations[language],
      translations,
    });
    tags.push({ eventIndex, timestamp: event.timestamp, names: [...info.tags] });
  });
  return { comments, tags };
}

/** Overall mood of a session in [-1, 1]: joy peaks count up, frustration peaks count down. */
export function sessionMood(events: readonly DemoEvent[]): number {
  let sum = 0;
  for (const e of events) {
    if (e.emotion === 'joy') sum += e.intensity;
    if (e.emotion === 'frustration') sum -= e.intensity;
  }
  return Math.max(-1, Math.min(1, sum / 4));
}
