import { describe, expect, it } from 'vitest';
import { clipTime } from './section-clips';

describe('clipTime', () => {
  it('follows the shared playhead and holds at the end of a shorter clip', () => {
    const clip = { start: 10, length: 4 };
    expect(clipTime(clip, 0)).toEqual({ seconds: 10, isOver: false });
    expect(clipTime(clip, 2.5)).toEqual({ seconds: 12.5, isOver: false });
    expect(clipTime(clip, 9)).toEqual({ seconds: 14, isOver: true });
    expect(clipTime(clip, -1)).toEqual({ seconds: 10, isOver: false });
  });
});
