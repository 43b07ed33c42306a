import { describe, expect, it } from 'vitest';
import { videoAspectRatio } from './video-box';

describe('videoAspectRatio', () => {
  it("keeps the platform's screen for the video until its own ratio is known", () => {
    expect(videoAspectRatio('desktop')).toBe('auto 1920 / 1080');
    expect(videoAspectRatio('mobile')).toBe('auto 390 / 844');
  });
});
