import { describe, expect, it } from 'vitest';
import { formatMinutesSeconds, recordingLengthDiffers } from './format';

describe('formatMinutesSeconds', () => {
  it('shows mm:ss', () => {
    expect(formatMinutesSeconds(0)).toBe('00:00');
    expect(formatMinutesSeconds(65_900)).toBe('01:05');
    expect(formatMinutesSeconds(3_600_000)).toBe('60:00');
    expect(formatMinutesSeconds(null)).toBe('–');
  });
});

describe('recordingLengthDiffers', () => {
  it('warns from a difference of 1 s on', () => {
    expect(recordingLengthDiffers(10_000, 10_999)).toBe(false);
    expect(recordingLengthDiffers(10_000, 11_000)).toBe(true);
    expect(recordingLengthDiffers(12_000, 11_000)).toBe(true);
    expect(recordingLengthDiffers(null, 11_000)).toBe(false);
  });
});
