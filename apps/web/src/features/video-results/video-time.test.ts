import { describe, expect, it } from 'vitest';
import { parseClock, pointsBetween, sceneAt } from './video-time';

const scene = (start_ms: number, end_ms: number) => ({
  section_id: start_ms,
  label_id: start_ms,
  name: `Scene ${start_ms}`,
  start_ms,
  end_ms,
  notes: [],
});

describe('video time', () => {
  it('reads mm:ss and refuses anything else', () => {
    expect(parseClock('01:05')).toBe(65_000);
    expect(parseClock('0:00')).toBe(0);
    expect(parseClock('1:75')).toBeNull();
    expect(parseClock('abc')).toBeNull();
  });

  it('finds the scene at a time, none between scenes', () => {
    const scenes = [scene(0, 3999), scene(5000, 9999)];
    expect(sceneAt(scenes, 4500)).toBeUndefined();
    expect(sceneAt(scenes, 5000)?.name).toBe('Scene 5000');
  });

  it('keeps the points inside a range, in time order', () => {
    const point = (id: number, t: number) => ({
      id,
      t,
      emotion: 'joy' as const,
      score: 1,
      ranking: 1,
      comment: '',
    });
    expect(pointsBetween([point(1, 9), point(2, 3), point(3, 20)], 0, 10).map((p) => p.id)).toEqual([2, 1]);
  });
});
