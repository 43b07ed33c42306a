import type { VideoNorms } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { makeVideoResults } from '../../test/video-results';
import { summaryReport } from './summary-report';

const results = makeVideoResults({
  stats: {
    participants: 3,
    male: 1,
    female: 2,
    average_age: null,
    target_group: 'custom',
    custom_target: 'Runners in Utrecht',
  },
  duration_ms: 4000,
  scores: [{ t: 0, joy: 0.5, attention: 0.5, frustration: 0.1 }],
  scenes: [
    { section_id: 1, label_id: 1, name: 'Start', start_ms: 0, end_ms: 1999, notes: [] },
    { section_id: 2, label_id: 2, name: 'End', start_ms: 2000, end_ms: 3999, notes: [] },
  ],
});
const ranks = { joy: 90, attention: 40, frustration: 10 };
const meta = { name: 'Spot', companyName: 'Acme Retail', date: '25 Nov 2026' };

describe('summaryReport', () => {
  it('writes the custom target group out and a missing average age as a dash', () => {
    const stats = summaryReport(results, undefined, meta).stats;
    expect(stats).toContainEqual({
      label: 'Target group',
      value: 'Custom',
      note: 'Ordered: Runners in Utrecht. 3 took part.',
    });
    expect(stats).toContainEqual({ label: 'Average age', value: '–' });
  });

  it('says how many participants the gender split leaves out (issue 26), and nothing when it counts all', () => {
    const split = (male: number, female: number) =>
      summaryReport(
        makeVideoResults({ stats: { ...results.stats, participants: 12, male, female } }),
        undefined,
        meta,
      ).stats.find((stat) => stat.label === 'Male / Female');
    expect(split(6, 5)).toEqual({ label: 'Male / Female', value: '6 / 5', note: '1 other or not stated' });
    expect(split(6, 6)).toEqual({ label: 'Male / Female', value: '6 / 6' });
  });

  it("takes the category's norms when the company has too few tests, with the ranges its viewers allow; a scene without percentiles has none", () => {
    const norms: VideoNorms = {
      minimum_tests: 5,
      company: { tests: 1, video: null, video_range: null, scenes: [] },
      category: {
        name: 'Sports',
        tests: 8,
        video: ranks,
        video_range: null,
        scenes: [
          {
            section_id: 1,
            percentiles: ranks,
            range: { frustration: [2, 30], joy: [70, 98], attention: [20, 60] },
          },
          { section_id: 2, percentiles: null, range: null },
        ],
      },
    };
    expect(summaryReport(results, norms, meta).norms).toEqual({
      against: '8 other video tests in Sports',
      ranks: ['F 10th (2nd–30th)\nJ 90th (70th–98th)\nA 40th (20th–60th)', null],
    });
  });

  it('has no norms when neither group gives them', () => {
    const none: VideoNorms = {
      minimum_tests: 5,
      company: { tests: 4, video: null, video_range: null, scenes: [] },
      category: { name: null, tests: 0, video: null, video_range: null, scenes: [] },
    };
    expect(summaryReport(results, none, meta).norms).toBeNull();
  });

  it('says whose results a cohort’s report holds, and ranks no scores a cohort without EEG lacks', () => {
    const norms: VideoNorms = {
      minimum_tests: 5,
      company: { tests: 6, video: ranks, video_range: null, scenes: [] },
      category: { name: null, tests: 0, video: null, video_range: null, scenes: [] },
    };
    const remote = makeVideoResults({ ...results, scores: [], gaze_cohort: 'remote', emotions_cohort: null });
    const report = summaryReport(remote, norms, meta, 'remote');
    expect(report.stats[0]).toEqual({ label: 'Remote participants', value: '3' });
    expect(report.about[0]).toBe('Gaze heatmap and eye-movement moments: the 3 remote participants alone.');
    expect(report.norms).toBeNull();
    expect(summaryReport(results, norms, meta).about).toEqual([]);
    expect(summaryReport(results, norms, meta).norms).not.toBeNull();
  });
});
