import type { LabelWithMetrics } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { activeEmotions, SECTIONS_SHOWN, sectionCertainty, sectionGroups, toggleEmotion } from './sections';

const label = (id: number, joy: number | null): LabelWithMetrics => ({
  id,
  test_id: 1,
  name: `Page ${id}`,
  urls: [],
  match_type: 'exact',
  total_participants: 3,
  average_time: 1000,
  joy,
  attention: 0.456,
  frustration: 0.2,
  emotion_participants: 8,
  intervals: { joy: null, attention: null, frustration: null },
  significant_points: [],
});

describe('sectionGroups', () => {
  it('drops groups whose joy is 0 or unmeasured and keeps the first ten, as percent', () => {
    const labels = [label(1, 0), label(2, null), ...Array.from({ length: 12 }, (_, i) => label(10 + i, 0.3))];
    const groups = sectionGroups(labels);
    expect(groups).toHaveLength(SECTIONS_SHOWN);
    expect(groups.map((g) => g.id)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(groups[0]).toEqual({
      id: 10,
      name: 'Page 10',
      joy: 30,
      attention: 45.6,
      frustration: 20,
      n: 8,
      intervals: { joy: null, attention: null, frustration: null },
    });
  });

  it('issue 26: carries n and each 95 % interval in percent, kept within 0–100 %', () => {
    const [group] = sectionGroups([
      {
        ...label(1, 0.3),
        intervals: {
          joy: { lower: 0.25, upper: 0.35 },
          attention: { lower: -0.02, upper: 1.04 },
          frustration: null,
        },
      },
    ]);
    expect(group?.n).toBe(8);
    expect(group?.intervals).toEqual({
      joy: { lower: 25, upper: 35 },
      attention: { lower: 0, upper: 100 },
      frustration: null,
    });
    if (!group) return;
    expect(sectionCertainty(group, 'joy')).toBe('30.0 % (n = 8, 95 % CI 25.0–35.0 %)');
    expect(sectionCertainty(group, 'frustration')).toBe('20.0 % (n = 8, too few for an interval)');
  });
});

describe('emotion bubbles', () => {
  it('none active means all; several can be active', () => {
    expect(activeEmotions([])).toEqual(['joy', 'attention', 'frustration']);
    expect(activeEmotions(['frustration', 'joy'])).toEqual(['joy', 'frustration']);
  });

  it('a click switches one emotion on or off', () => {
    expect(toggleEmotion([], 'joy')).toEqual(['joy']);
    expect(toggleEmotion(['joy', 'attention'], 'joy')).toEqual(['attention']);
  });
});
