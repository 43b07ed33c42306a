import type { VideoNorms, VideoScene } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { normGap, normRows, ordinal, percentileWithRange } from './norms';

const ranks = { joy: 80, attention: 41, frustration: 12 };
const norms = (companyTests: number, category: string | null): VideoNorms => ({
  minimum_tests: 5,
  company:
    companyTests >= 5
      ? {
          tests: companyTests,
          video: ranks,
          video_range: null,
          scenes: [{ section_id: 7, percentiles: ranks, range: null }],
        }
      : { tests: companyTests, video: null, video_range: null, scenes: [] },
  category: { name: category, tests: 0, video: null, video_range: null, scenes: [] },
});
const scene = (section_id: number, name: string): VideoScene => ({
  section_id,
  label_id: section_id,
  name,
  start_ms: 0,
  end_ms: 1000,
  notes: [],
});

describe('ordinal', () => {
  it('reads percentiles out', () => {
    expect([0, 1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 50, 100].map(ordinal)).toEqual([
      '0th',
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '50th',
      '100th',
    ]);
  });
});

describe('normGap', () => {
  it('says how many tests are needed and how many count, or that there is no category', () => {
    expect(normGap(norms(2, 'Sports'), 'company', 'Acme Retail')).toBe(
      'Norms need at least 5 other processed video tests of Acme Retail; 2 so far.',
    );
    expect(normGap(norms(2, 'Sports'), 'category', 'Acme Retail')).toBe(
      'Norms need at least 5 other processed video tests in the category Sports; 0 so far.',
    );
    expect(normGap(norms(2, null), 'category', 'Acme Retail')).toBe(
      'This test has no category, so there are no category norms.',
    );
    expect(normGap(norms(6, null), 'company', 'Acme Retail')).toBeNull();
  });
});

describe('normRows', () => {
  it('lists the whole video, then every scene; a scene without percentiles has none', () => {
    const rows = normRows(norms(6, null).company, [scene(7, 'Opening'), scene(8, 'Logo')]);
    expect(rows).toEqual([
      { key: 'video', name: 'Whole video', percentiles: ranks, range: null },
      { key: '7', name: 'Opening', percentiles: ranks, range: null },
      { key: '8', name: 'Logo', percentiles: null, range: null },
    ]);
  });
});

describe('percentileWithRange (issue 26)', () => {
  it('writes a percentile with where it could lie, or alone without a range', () => {
    expect(percentileWithRange(62, [40, 81])).toBe('62nd (40th–81st)');
    expect(percentileWithRange(3, null)).toBe('3rd');
  });
});
