import { describe, expect, it } from 'vitest';
import { formatMinutesSeconds } from './dates';

describe('formatMinutesSeconds', () => {
  it('shows mm:ss', () => {
    expect(formatMinutesSeconds(0)).toBe('00:00');
    expect(formatMinutesSeconds(65_900)).toBe('01:05');
    expect(formatMinutesSeconds(3_600_000)).toBe('60:00');
    expect(formatMinutesSeconds(null)).toBe('–');
  });
});
