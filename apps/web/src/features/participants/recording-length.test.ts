import { describe, expect, it } from 'vitest';
import { recordingLengthDiffers } from './recording-length';

describe('recordingLengthDiffers', () => {
  it('warns from a difference of 1 s on', () => {
    expect(recordingLengthDiffers(10_000, 10_999)).toBe(false);
    expect(recordingLengthDiffers(10_000, 11_000)).toBe(true);
    expect(recordingLengthDiffers(12_000, 11_000)).toBe(true);
    expect(recordingLengthDiffers(null, 11_000)).toBe(false);
  });
});
