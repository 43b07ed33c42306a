import { describe, expect, it } from 'vitest';
import { evidenceVideoStyle, MIN_EVIDENCE_VIDEO_HEIGHT } from './evidence-layout';

describe('evidenceVideoStyle', () => {
  it('is as wide as its column, but no taller than the window less the room kept under its top', () => {
    expect(evidenceVideoStyle({ belowPx: 310, ratio: 16 / 9, aspectRatio: '16 / 9' })).toEqual({
      width: `min(100%, calc(max(${MIN_EVIDENCE_VIDEO_HEIGHT}px, 100dvh - 310px) * ${16 / 9}))`,
      aspectRatio: '16 / 9',
      marginInline: 'auto',
    });
  });

  it('keeps the shape of a portrait recording (a phone test) by its ratio', () => {
    const style = evidenceVideoStyle({ belowPx: 350, ratio: 390 / 844 });
    expect(style.aspectRatio).toBe(String(390 / 844));
    expect(style.width).toContain(`* ${390 / 844})`);
  });
});
