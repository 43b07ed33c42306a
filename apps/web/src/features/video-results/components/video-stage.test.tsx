import type { VideoResults } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeVideoResults } from '../../../test/video-results';
import { useVideoStage, VideoStage } from './video-stage';

function Stage({ results }: { results: VideoResults }) {
  const stage = useVideoStage(results);
  return <VideoStage results={results} stage={stage} withChart={false} />;
}

const VIDEO = '/api/v1/tests/7/video?expires=1&signature=a';
const HEATMAP = '/api/v1/tests/7/participants/90/video?expires=1&signature=b&v=3';
const shownSource = () => document.querySelector('video')?.getAttribute('src');

describe('VideoStage', () => {
  it('switches between the video and the gaze heatmap video made by processing', async () => {
    renderWithProviders(<Stage results={makeVideoResults({ has_results: true, heatmap_video: HEATMAP })} />);
    expect(shownSource()).toBe(VIDEO);
    expect(document.querySelector('video')?.textContent).toBe('Your browser does not support the video tag.');

    await userEvent.click(screen.getByText('Gaze heatmap'));
    expect(shownSource()).toBe(HEATMAP);
    await userEvent.click(screen.getByText('Video'));
    expect(shownSource()).toBe(VIDEO);
  });

  it('offers no toggle before processing made a heatmap video', () => {
    renderWithProviders(<Stage results={makeVideoResults()} />);
    expect(shownSource()).toBe(VIDEO);
    expect(screen.queryByText('Gaze heatmap')).toBeNull();
  });
});
