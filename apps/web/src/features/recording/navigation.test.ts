import { describe, expect, it } from 'vitest';
import { neighbours, startSeconds } from './navigation';

const list = [{ id: 4 }, { id: 9 }, { id: 12 }];

describe('neighbours', () => {
  it('wraps from the last to the first and from the first to the last', () => {
    expect(neighbours(list, 12)).toEqual({ previous: { id: 9 }, next: { id: 4 } });
    expect(neighbours(list, 4)).toEqual({ previous: { id: 12 }, next: { id: 9 } });
  });

  it('stays on the only participant, and has none for one not in the list', () => {
    expect(neighbours([{ id: 4 }], 4)).toEqual({ previous: { id: 4 }, next: { id: 4 } });
    expect(neighbours(list, 5)).toEqual({ previous: null, next: null });
  });
});

describe('startSeconds', () => {
  const points = [{ id: 30, timestamp_top: 61_500 }];
  it('takes the timestamp in seconds, else the point of sp_id, else none', () => {
    expect(startSeconds('12.5', 30, points, 1000)).toBe(12.5);
    expect(startSeconds(null, 30, points, 1000)).toBe(60.5);
    expect(startSeconds('soon', 30, points, 1000)).toBe(60.5);
    expect(startSeconds('-3', null, points, 1000)).toBeNull();
    expect(startSeconds('', 31, points, 1000)).toBeNull();
  });
});
