import { describe, expect, it } from 'vitest';
import { videoAspectRatio, videoRatio } from './video-box';

describe('videoAspectRatio', () => {
  it("keeps the platform's screen for the video until its own ratio is known", () => {
    expect(videoAspectRatio('desktop')).toBe('auto 1920 / 1080');
    expect(videoAspectRatio('mobile')).toBe('auto 390 / 844');
  });
});

describe('videoRatio', () => {
  it("is the platform's screen as width ÷ height", () => {
    expect(videoRatio('desktop')).toBeCloseTo(16 / 9);
    expect(videoRatio('mobile')).toBeCloseTo(390 / 844);
  });
});
