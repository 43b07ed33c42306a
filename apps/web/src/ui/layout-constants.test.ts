import { describe, expect, it } from 'vitest';
import { isCollapsedPath, isFullWidthPath, isPredictionHeatmapPath } from './layout-constants';

describe('isFullWidthPath', () => {
  it('is true for recording, heatmap, video, journey, section video and research participant pages only', () => {
    for (const path of [
      '/test/4/participant/9/recording',
      '/test/4/participant/9/heatmap',
      '/test/4/participant/9/video',
      '/test/4/journey',
      '/test/4/section-video',
      '/test/4/heatmaps',
      '/video-test/4/participant/9',
      '/research/test/4/heatmaps',
      '/research/test/4/participant/9',
    ])
      expect(isFullWidthPath(path), path).toBe(true);
    for (const path of [
      '/test/4/overview/',
      '/test/4/demo',
      '/test/4/heatmaps/extra',
      '/test/4/pages',
      '/video-test/4/summary/',
      '/research/test/4/insights',
      '/home',
    ])
      expect(isFullWidthPath(path), path).toBe(false);
  });
});

describe('isPredictionHeatmapPath', () => {
  it('is true for the viewer, compare and a project’s heatmap, which collapse the sidebar', () => {
    for (const path of [
      '/predictions/heatmaps/7',
      '/predictions/heatmaps/7/compare',
      '/predictions/projects/2/heatmaps/7',
    ]) {
      expect(isPredictionHeatmapPath(path), path).toBe(true);
      expect(isCollapsedPath(path), path).toBe(true);
      expect(isFullWidthPath(path), path).toBe(false);
    }
    for (const path of [
      '/predictions',
      '/predictions/heatmaps',
      '/predictions/projects',
      '/predictions/projects/2',
    ])
      expect(isPredictionHeatmapPath(path), path).toBe(false);
  });
});
