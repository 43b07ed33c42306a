import { describe, expect, it } from 'vitest';
import { insightDataComments } from './demo-insight-data.js';
import { groupFindings, impactOf, nextStepOf } from './demo-insights.js';
import type { PointContext } from './demo-point-context.js';

const point = (fields: Partial<PointContext>): PointContext => ({
  id: 1,
  participantId: 1,
  emotion: 'frustration',
  score: 4,
  comment: '',
  tags: [],
  page: 'Checkout',
  msOnPage: 30_000,
  gazeRegion: 'Discount code field',
  clicks: 0,
  scrollPx: 0,
  ...fields,
});

const DISCOUNT = ['Checkout', 'Discount code'];

describe('insight data comments', () => {
  const points = [
    point({ id: 1, participantId: 1, score: 3.44, tags: DISCOUNT, clicks: 2, scrollPx: 100 }),
    point({ id: 2, participantId: 1, score: 6.06, tags: DISCOUNT, msOnPage: 50_000, scrollPx: 300 }),
    point({
      id: 3,
      participantId: 2,
      score: 5,
      tags: DISCOUNT,
      gazeRegion: 'Order summary',
      msOnPage: 10_000,
    }),
    point({ id: 4, participantId: 3, score: 4, tags: DISCOUNT, page: 'Basket', gazeRegion: null, clicks: 1 }),
  ];

  it('counts peaks, participants, scores, pages and where gaze rested', () => {
    const comments = insightDataComments(points, 12, 'desktop');
    expect(comments.eeg_comment).toBe(
      'Frustration peaked in 3 of 12 participants, mostly on the Checkout page (3 of 4 peaks): 4 peaks, 3.4 to 6.1 standard deviations above each participant’s usual level.',
    );
    expect(comments.eye_tracking_comment).toBe(
      'In the 2.5 s before the peaks, gaze rested most on Discount code field (2 of 4), then Order summary (1); no gaze was recorded for 1.',
    );
  });

  it('says what the mouse did on desktop and what the finger did on mobile', () => {
    const desktop = insightDataComments(points, 12, 'desktop');
    expect(desktop.behavior_comment).toBe(
      'The peaks came a median 30 s after the page opened (10 to 50 s). 2 of 4 peaks came within 5 s of a click; the page scrolled 100 px on average in those 5 s.',
    );
    expect(desktop.touch_tracking_comment).toBe('');
    const mobile = insightDataComments(points, 12, 'mobile');
    expect(mobile.behavior_comment).toBe('The peaks came a median 30 s after the page opened (10 to 50 s).');
    expect(mobile.touch_tracking_comment).toBe(
      '2 of 4 peaks came within 5 s of a tap; participants swiped the page 100 px on average in those 5 s.',
    );
  });

  it('speaks of one peak in the singular', () => {
    const [first] = points;
    const comments = insightDataComments(first ? [first] : [], 5, 'mobile');
    expect(comments.eeg_comment).toContain(
      'peaked in 1 of 5 participants on the Checkout page: 1 peak, 3.4 standard',
    );
    expect(comments.behavior_comment).toBe('The peak came 30 s after the page opened.');
    expect(comments.touch_tracking_comment).toBe(
      'A tap came in the 5 s before the peak, and participants swiped the page 100 px.',
    );
  });
});

describe('findings', () => {
  it('groups points by their first topic tag, by participants reached and then total score', () => {
    const findings = groupFindings([
      point({ id: 1, participantId: 1, tags: ['Filters', 'Navigation'], score: 9 }),
      point({ id: 2, participantId: 2, tags: ['Navigation'], score: 3 }),
      point({ id: 3, participantId: 3, tags: ['Navigation'], score: 3 }),
      point({ id: 4, participantId: 1, tags: ['Discount code', 'Checkout'], score: 3 }),
      point({ id: 5, participantId: 2, tags: ['Checkout', 'Discount code'], score: 5 }),
      point({ id: 6, participantId: 4, tags: ['Product page'] }),
    ]);
    expect(findings.map((finding) => [finding.topic.tag, finding.points.map((found) => found.id)])).toEqual([
      ['Discount code', [5, 4]],
      ['Navigation', [2, 3]],
      ['Filters', [1]],
    ]);
  });

  it('rates impact by the share of participants and picks the next step from effort and impact', () => {
    expect([1, 2, 4, 12].map((reached) => impactOf(reached, 12))).toEqual([1, 2, 3, 3]);
    expect(nextStepOf(1, 3)).toBe(1);
    expect(nextStepOf(3, 3)).toBe(2);
    expect(nextStepOf(1, 1)).toBe(3);
  });
});
