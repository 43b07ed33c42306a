import { MOBILE_OFFSET_X, PAGE_VISIT_GAP_MS } from '@limbus/analytics';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateParticipant } from './generate-participant.js';
import { EVENT_KINDS } from './phrase-bank.js';
import { WEB_QUESTIONNAIRE } from './questionnaire.js';
import type { Platform } from './site-layout.js';
import { siteLayout } from './site-layouts.js';
import { findParticipantProblems, median, shareWithin, splitByVelocity } from './test-helpers.js';

const START = Date.UTC(2025, 2, 10, 9, 0);
const make = (seed: number, platform: Platform = 'desktop') =>
  generateParticipant({ seed, platform, startTime: START });

describe('generateParticipant', () => {
  const d1 = make(1);
  const m1 = make(1, 'mobile');

  it('gives identical output for the same seed and options', () => {
    expect(make(1)).toEqual(d1);
    expect(make(1, 'mobile')).toEqual(m1);
  });

  it('gives a different participant for another seed', () => {
    const d2 = make(2);
    expect(d2.realId).not.toBe(d1.realId);
    expect(d2.eyes.x).not.toEqual(d1.eyes.x);
    expect(d2.mice.timestamp).not.toEqual(d1.mice.timestamp);
    expect(d2.emotions.joy).not.toEqual(d1.emotions.joy);
  });

  it.each([
    ['desktop', d1],
    ['mobile', m1],
  ] as const)('produces consistent, in-range streams on %s', (platform, p) => {
    expect(findParticipantProblems(p, siteLayout(platform))).toEqual([]);
    expect(p.eyes.timestamp.length).toBeGreaterThan(1000);
    expect(p.mice.timestamp.length).toBeGreaterThan(100);
    expect(p.emotions.timestamp.length).toBe(Math.floor((p.endedAt - p.startedAt) / 100) + 1);
    expect(p.totalClicks).toBeGreaterThan(5);
  });

  it('walks from home to checkout along links of the site, with URLs of the layout only', () => {
    const layout = siteLayout('desktop');
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const p = make(seed);
      expect(p.visits[0]?.pageName).toBe('home');
      expect(p.visits.at(-1)?.pageName).toBe('checkout');
      for (let i = 1; i < p.visits.length; i++) {
        const from = layout.pages.find((pg) => pg.url === p.visits[i - 1]?.url);
        const to = layout.pages.find((pg) => pg.url === p.visits[i]?.url);
        expect(from?.regions.some((r) => r.href === to?.path)).toBe(true);
      }
      const urls = new Set(layout.pages.map((pg) => pg.url));
      for (const url of p.mice.urls) expect(urls.has(url)).toBe(true);
    }
  });

  it('records mouse visits that match the ground-truth visits', () => {
    const p = d1;
    const firstOfVisit: number[] = [];
    for (let i = 0; i < p.mice.timestamp.length; i++) {
      if (i === 0 || p.mice.urlIndex[i] !== p.mice.urlIndex[i - 1])
        firstOfVisit.push(p.mice.timestamp[i] as number);
    }
    expect(firstOfVisit).toEqual(p.visits.map((v) => v.startedAt));
  });

  it('puts mobile gaze on the phone screen, offset by 710 px in the reference frame', () => {
    const xs = Array.from(m1.eyes.x).filter((x) => !Number.isNaN(x));
    expect(shareWithin(xs, MOBILE_OFFSET_X - 30, MOBILE_OFFSET_X + 390 + 30)).toBeGreaterThan(0.95);
    const ys = Array.from(m1.eyes.y).filter((y) => !Number.isNaN(y));
    expect(shareWithin(ys, 0, 844 + 30)).toBeGreaterThan(0.95);
  });

  it('has fixations of mostly 200–400 ms and main-sequence saccades (velocity split)', () => {
    for (const p of [d1, m1]) {
      const { fixations } = splitByVelocity(p.eyes);
      const durations = fixations.filter((f) => f.durationMs >= 80).map((f) => f.durationMs);
      expect(durations.length).toBeGreaterThan(200);
      expect(median(durations)).toBeGreaterThan(220);
      expect(median(durations)).toBeLessThan(340);
      expect(shareWithin(durations, 200, 400)).toBeGreaterThan(0.65);
    }
    const fast = generateParticipant({
      seed: 1,
      platform: 'desktop',
      startTime: START,
      durationMs: 60_000,
      rates: { eyeHz: 1000 },
    });
    const saccades = splitByVelocity(fast.eyes).saccades.map((s) => s.durationMs);
    // The part of a saccade above 30°/s is a little shorter than the whole saccade.
    expect(shareWithin(saccades, 8, 80)).toBeGreaterThan(0.9);
    expect(median(saccades)).toBeGreaterThan(15);
    expect(median(saccades)).toBeLessThan(50);
  });

  it('loses the eyes in short NaN runs: blinks and glances at the keyboard', () => {
    const runs: number[] = [];
    let run = 0;
    for (const x of d1.eyes.x) {
      if (Number.isNaN(x)) run++;
      else if (run > 0) {
        runs.push((run * 1000) / 120);
        run = 0;
      }
    }
    const minutes = (d1.endedAt - d1.startedAt) / 60_000;
    expect(runs.length / minutes).toBeGreaterThan(4);
    expect(median(runs)).toBeGreaterThan(80);
    expect(median(runs)).toBeLessThan(400);
  });

  it('samples the mouse at about 60 Hz while moving, with no gap over 1 s inside a page', () => {
    let pageGapsOverOneSecond = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { mice } = make(seed, seed % 2 ? 'desktop' : 'mobile');
      const intervals: number[] = [];
      for (let i = 1; i < mice.timestamp.length; i++) {
        const gap = (mice.timestamp[i] as number) - (mice.timestamp[i - 1] as number);
        if (mice.urlIndex[i] === mice.urlIndex[i - 1]) {
          expect(gap).toBeLessThanOrEqual(PAGE_VISIT_GAP_MS);
          intervals.push(gap);
        } else if (gap > PAGE_VISIT_GAP_MS) {
          pageGapsOverOneSecond++;
        }
      }
      expect(shareWithin(intervals, 14, 19)).toBeGreaterThan(0.4);
    }
    expect(pageGapsOverOneSecond).toBeGreaterThan(0);
  });

  it('keeps emotions smooth and peaks them at the ground-truth events', () => {
    let significant = 0;
    let risen = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const p = make(seed);
      for (const emotion of ['joy', 'attention', 'frustration'] as const) {
        const v = p.emotions[emotion];
        for (let i = 1; i < v.length; i++)
          expect(Math.abs((v[i] as number) - (v[i - 1] as number))).toBeLessThan(0.2);
      }
      for (const e of p.events.filter((ev) => ev.isSignificant)) {
        const v = p.emotions[e.emotion];
        const at = (t: number) => v[Math.max(0, Math.round((t - p.startedAt) / 100))] as number;
        significant++;
        if (at(e.timestamp) - at(e.causedAt - 1000) > 0.08) risen++;
      }
    }
    expect(significant).toBeGreaterThan(8);
    expect(risen / significant).toBeGreaterThan(0.85);
  });

  it('comments significant events in the participant language and suggests their tags', () => {
    for (const language of ['nl', 'en'] as const) {
      for (const seed of [1, 2, 3]) {
        const p = generateParticipant({ seed, platform: 'desktop', startTime: START, language });
        expect(p.language).toBe(language);
        expect(p.comments.length).toBe(p.events.filter((e) => e.isSignificant).length);
        expect(p.tags.map((t) => t.eventIndex)).toEqual(p.comments.map((c) => c.eventIndex));
        for (const c of p.comments) {
          const event = p.events[c.eventIndex];
          expect(event).toBeDefined();
          if (!event) continue;
          expect(c.language).toBe(language);
          const phrases = EVENT_KINDS[event.kind];
          const index = (phrases[language] as readonly string[]).indexOf(c.text);
          expect(index).toBeGreaterThanOrEqual(0);
          expect(c.translations).toEqual({ nl: phrases.nl[index], en: phrases.en[index] });
        }
        for (const t of p.tags) {
          const event = p.events[t.eventIndex];
          if (event) expect(t.names).toEqual([...EVENT_KINDS[event.kind].tags]);
        }
      }
    }
  });

  it('answers the questionnaire within its scales', () => {
    const ids = new Set(WEB_QUESTIONNAIRE.associations.map((a) => a.id));
    for (const seed of [1, 2, 3, 4]) {
      const { answers } = make(seed);
      expect(answers.openQuestions.map((a) => a.questionId)).toEqual(
        WEB_QUESTIONNAIRE.openQuestions.map((q) => q.id),
      );
      for (const a of answers.openQuestions) expect(a.text.length).toBeGreaterThan(5);
      for (const e of answers.evaluations) expect([1, 2, 3, 4, 5]).toContain(e.score);
      expect(answers.associations.length).toBeGreaterThanOrEqual(1);
      expect(answers.associations.length).toBeLessThanOrEqual(5);
      for (const a of answers.associations) expect(ids.has(a.associationId)).toBe(true);
    }
  });

  it('meets a target duration exactly and honours the sample rates', () => {
    for (const durationMs of [30_000, 300_000]) {
      const p = generateParticipant({
        seed: 9,
        platform: 'desktop',
        startTime: START,
        durationMs,
        rates: { eyeHz: 250, emotionHz: 20 },
      });
      expect(p.endedAt - p.startedAt).toBe(durationMs);
      expect(p.eyes.timestamp.length).toBe((durationMs * 250) / 1000 + 1);
      expect(p.emotions.timestamp.length).toBe((durationMs * 20) / 1000 + 1);
      expect(findParticipantProblems(p, siteLayout('desktop'))).toEqual([]);
    }
  });

  it('uses a given layout', () => {
    const base = siteLayout('desktop');
    const layout = {
      ...base,
      origin: 'https://other.test',
      pages: base.pages.map((p) => ({ ...p, url: `https://other.test${p.path}`, height: p.height + 500 })),
    };
    const p = generateParticipant({ seed: 4, platform: 'desktop', startTime: START, layout });
    expect(p.mice.urls.every((u) => u.startsWith('https://other.test/'))).toBe(true);
    expect(findParticipantProblems(p, layout)).toEqual([]);
  });

  it('rejects options it cannot honour', () => {
    const o = { seed: 1, platform: 'desktop', startTime: START } as const;
    expect(() => generateParticipant({ ...o, rates: { eyeHz: 2000 } })).toThrow(RangeError);
    expect(() => generateParticipant({ ...o, durationMs: 1000 })).toThrow(RangeError);
    expect(() => generateParticipant({ ...o, seed: 0.5 })).toThrow(RangeError);
    expect(() => generateParticipant({ ...o, layout: siteLayout('mobile') })).toThrow(/mobile/);
  });

  it('holds its invariants for any seed (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom<Platform>('desktop', 'mobile'), (seed, platform) => {
        const p = generateParticipant({ seed, platform, startTime: START });
        const problems = findParticipantProblems(p, siteLayout(platform));
        return problems.length === 0 && p.visits[0]?.pageName === 'home';
      }),
      { numRuns: 16 },
    );
  });

  it('is deterministic for any seed (property)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = generateParticipant({ seed, platform: 'mobile', startTime: START, durationMs: 40_000 });
        const b = generateParticipant({ seed, platform: 'mobile', startTime: START, durationMs: 40_000 });
        expect(b).toEqual(a);
      }),
      { numRuns: 6 },
    );
  });
});
