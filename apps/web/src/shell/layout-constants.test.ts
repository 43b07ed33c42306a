import { describe, expect, it } from 'vitest';
import { isFullWidthPath } from './layout-constants';

describe('isFullWidthPath', () => {
  it('is true for recording, heatmap, video, journey and research participant pages only', () => {
    for (const path of [
      '/test/4/participant/9/recording',
      '/test/4/participant/9/heatmap',
      '/test/4/participant/9/video',
      '/test/4/journey',
      '/video-test/4/participant/9',
      '/research/test/4/heatmaps',
      '/research/test/4/participant/9',
    ])
      expect(isFullWidthPath(path), path).toBe(true);
    for (const path of [
      '/test/4/overview/',
      '/test/4/demo',
      '/video-test/4/summary/',
      '/research/test/4/insights',
      '/home',
    ])
      expect(isFullWidthPath(path), path).toBe(false);
  });
});
