import { describe, expect, it } from 'vitest';
import { makeVideoResults } from '../../test/video-results';
import { cohortResultLines } from './cohort-results';

const results = (overrides: Parameters<typeof makeVideoResults>[0]) =>
  makeVideoResults({ stats: { ...makeVideoResults().stats, participants: 40 }, ...overrides });

describe('cohortResultLines', () => {
  it('says nothing of everyone’s results', () => {
    expect(cohortResultLines(results({}), 'all')).toEqual([]);
  });

  it('names the remote cohort’s own gaze and says it has no EEG', () => {
    const lines = cohortResultLines(results({ gaze_cohort: 'remote', emotions_cohort: null }), 'remote');
    expect(lines[0]).toBe('Gaze heatmap and eye-movement moments: the 40 remote participants alone.');
    expect(lines[1]).toMatch(
      /^The remote participants were recorded without EEG, so there are no emotion curves/,
    );
  });

  it('says when the gaze is still everyone’s, and how to get the cohort’s own', () => {
    const lines = cohortResultLines(results({ gaze_cohort: 'all', emotions_cohort: 'all' }), 'lab');
    expect(lines[0]).toMatch(/all participants\. The video was processed before .*processing it again/);
    expect(lines[1]).toBe('Emotion curves and points: the EEG of all participants who wore one.');
  });

  it('names the lab’s own EEG', () => {
    const lines = cohortResultLines(results({ gaze_cohort: 'lab', emotions_cohort: 'lab' }), 'lab');
    expect(lines).toEqual([
      'Gaze heatmap and eye-movement moments: the 40 lab participants alone.',
      'Emotion curves and points: the EEG of the lab participants.',
    ]);
  });
});
