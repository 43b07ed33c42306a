import type { Reel } from '@limbus/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PublishedReel } from './published-reel';

const URL = '/tests/4/insights/7/reel';
const VIDEO = '/api/v1/tests/4/insights/7/reel/video?expires=1&signature=x&v=2';
const reel = (overrides: Partial<Reel> = {}): Reel => ({
  id: 3,
  insight_id: 7,
  state: 'ready',
  published: true,
  caption_language: 'original',
  clips: [
    { point_id: 1, participant: 'P01', start_offset_ms: -3000, end_offset_ms: 4000 },
    { point_id: 2, participant: 'P01', start_offset_ms: -3000, end_offset_ms: 4000 },
    { point_id: 3, participant: 'P02', start_offset_ms: -3000, end_offset_ms: 4000 },
  ],
  left_out: 2,
  progress: 100,
  message: null,
  video: VIDEO,
  updated_at: 1_767_000_000,
  ...overrides,
});
const insight = { id: 7, title: 'Lost at the discount field' };

describe('PublishedReel', () => {
  it('plays the published reel without autoplay and downloads its MP4 by name', async () => {
    useFakeApi({ [`GET ${URL}`]: { body: { data: reel() } } });
    renderWithProviders(<PublishedReel testId={4} insight={insight} />);
    const video = await screen.findByLabelText('Evidence reel: Lost at the discount field');
    expect(video.getAttribute('src')).toBe(VIDEO);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('autoplay')).toBe(false);
    const download = screen.getByRole('link', { name: 'Download MP4' });
    expect(download.getAttribute('href')).toBe(VIDEO);
    expect(download.getAttribute('download')).toBe('evidence-reel-lost-at-the-discount-field.mp4');
    expect(screen.getByText(/3 clips from 2 participants\. 2 participants are left out/)).toBeTruthy();
  });

  it('shows the page’s share button beside the download', async () => {
    useFakeApi({ [`GET ${URL}`]: { body: { data: reel() } } });
    renderWithProviders(
      <PublishedReel testId={4} insight={insight} share={<button type="button">Share reel</button>} />,
    );
    expect(await screen.findByRole('button', { name: 'Share reel' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download MP4' })).toBeTruthy();
  });

  it('shows nothing when the insight has no published reel (data: null)', async () => {
    const fake = useFakeApi({ [`GET ${URL}`]: { body: { data: null } } });
    const { container } = renderWithProviders(<PublishedReel testId={4} insight={insight} />);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('video')).toBeNull();
    expect(screen.queryByText('Evidence reel')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing of a draft the research area reads on the client’s screen', async () => {
    const fake = useFakeApi({ [`GET ${URL}`]: { body: { data: reel({ published: false }) } } });
    const { container } = renderWithProviders(<PublishedReel testId={4} insight={insight} />);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('video')).toBeNull();
    expect(screen.queryByText('Evidence reel')).toBeNull();
  });
});
