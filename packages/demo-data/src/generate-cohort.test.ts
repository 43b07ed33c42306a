import { describe, expect, it } from 'vitest';
import { generateCohort, generateVideoCohort } from './generate-cohort.js';
import { generateParticipant } from './generate-participant.js';
import { deriveSeed, normalizeSeed } from './random.js';

const START = Date.UTC(2025, 4, 12, 9, 0);

describe('generateCohort', () => {
  it('generates lazily: a cohort of 1,000 yields its first participants without making the rest', () => {
    const cohort = generateCohort({
      seed: 5,
      count: 1000,
      platform: 'desktop',
      startTime: START,
      durationMs: 60_000,
    });
    const first = cohort.next();
    const second = cohort.next();
    expect(first.done).toBe(false);
    expect(second.value?.realId).toBe('P0002');
    cohort.return();
    expect(cohort.next().done).toBe(true);
  });

  it('numbers participants, spaces their starts and lets any one be regenerated alone', () => {
    const list = [
      ...generateCohort({ seed: 5, count: 3, platform: 'mobile', startTime: START, spacingMs: 3_600_000 }),
    ];
    expect(list.map((p) => p.realId)).toEqual(['P0001', 'P0002', 'P0003']);
    expect(list.map((p) => p.startedAt)).toEqual([START, START + 3_600_000, START + 7_200_000]);
    const third = generateParticipant({
      seed: deriveSeed(normalizeSeed(5), 2),
      platform: 'mobile',
      startTime: START + 7_200_000,
      realId: 'P0003',
      phraseOffset: 2,
    });
    expect(third).toEqual(list[2]);
    expect(new Set(list.map((p) => p.eyes.x[500])).size).toBe(3);
  });

  it('starts each participant at another phrase, so that a cohort does not repeat one comment (issue 26)', () => {
    const cohort = [...generateCohort({ seed: 3, count: 12, platform: 'desktop', startTime: START })];
    const comments = cohort.flatMap((participant) => participant.comments.map((comment) => comment.text));
    const repeats = new Map<string, number>();
    for (const text of comments) repeats.set(text, (repeats.get(text) ?? 0) + 1);
    expect(comments.length).toBeGreaterThan(20);
    expect(Math.max(...repeats.values())).toBeLessThanOrEqual(2);
  });

  it('is the same cohort for the same options', () => {
    const a = [
      ...generateCohort({ seed: 8, count: 2, platform: 'desktop', startTime: START, durationMs: 30_000 }),
    ];
    const b = [
      ...generateCohort({ seed: 8, count: 2, platform: 'desktop', startTime: START, durationMs: 30_000 }),
    ];
    expect(b).toEqual(a);
  });

  it('generates video cohorts too and rejects a bad count', () => {
    const viewers = [
      ...generateVideoCohort({ seed: 1, count: 2, videoDurationMs: 20_000, startTime: START }),
    ];
    expect(viewers.map((v) => v.realId)).toEqual(['V0001', 'V0002']);
    expect(() =>
      generateCohort({ seed: 1, count: -1, platform: 'desktop', startTime: START }).next(),
    ).toThrow(RangeError);
  });
});
