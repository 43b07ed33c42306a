import type { VideoScore } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { stubCanvas } from '../../../test/stub-canvas';
import { makeVideoResults, makeVideoTest, renderVideoScreen } from '../../../test/video-results';
import { VideoDynamicAnalysisPage } from './dynamic-analysis-page';

beforeAll(stubCanvas);

const ROUTE = '/video-test/:id/dynamic-analysis';
const PATH = '/video-test/7/dynamic-analysis';

/** A score each second of a 20-second video: joy 20 % in the first 3 seconds, 80 % after. */
const scores: VideoScore[] = Array.from({ length: 21 }, (_, second) => ({
  t: second * 1000,
  joy: second < 3 ? 0.2 : 0.8,
  attention: 0.5,
  frustration: 0.1,
}));

describe('VideoDynamicAnalysisPage', () => {
  it("charts the viewers' scores in the selection, read out against the whole video's mean", async () => {
    useFakeApi({
      'GET /tests/7/video_results': {
        body: makeVideoResults({ has_results: true, duration_ms: 20_000, scores }),
      },
    });
    renderVideoScreen(<VideoDynamicAnalysisPage />, { test: makeVideoTest(), route: ROUTE, path: PATH });

    expect(await screen.findByRole('heading', { name: 'Selection 00:00 - 00:03' })).toBeTruthy();
    const chart = screen.getByRole('group', { name: 'Mean scores of the viewers in the selection' });
    expect(chart.querySelector('canvas')).toBeTruthy();
    // the playhead at the video's start; the mean is the whole video's (3 × 20 % and 18 × 80 %)
    expect(within(chart).getByText('At 0:00')).toBeTruthy();
    expect(within(chart).getByText('Joy 20 %')).toBeTruthy();
    expect(within(chart).getByText('(video mean 71 %)')).toBeTruthy();
  });
});
