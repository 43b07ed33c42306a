import type { SignificantPoint } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { recordingUrl } from './neurofeedback';

const START = 1_700_000_000_000;
const point = (id: number, timestamp_top: number) => ({ id, timestamp_top }) as SignificantPoint;

describe('recordingUrl', () => {
  it('names the point’s seconds into the recording (to the millisecond) and its id', () => {
    expect(recordingUrl(7, 25, point(61, START + 83_004), START)).toBe(
      '/test/7/participant/25/recording?timestamp=83.004&sp_id=61',
    );
  });

  it('opens a point from before the recording started at its beginning', () => {
    expect(recordingUrl(7, 25, point(3, START - 1500), START)).toBe(
      '/test/7/participant/25/recording?timestamp=0.000&sp_id=3',
    );
  });
});
