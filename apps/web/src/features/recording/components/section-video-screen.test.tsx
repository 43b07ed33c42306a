import type { LabelWithMetrics, ParticipantDetail, ParticipantSummary } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { SectionVideoScreen } from './section-video-screen';

const client = makeUser({ role: 'admin' });
const START = 1_700_000_000;

const label = (id: number, name: string): LabelWithMetrics => ({
  id,
  test_id: 7,
  name,
  urls: [],
  match_type: 'exact',
  total_participants: 2,
  average_time: 10_000,
  joy: 0.3,
  attention: 0.5,
  frustration: 0.2,
  emotion_participants: 2,
  intervals: { joy: null, attention: null, frustration: null },
  significant_points: [],
});

const summary = (id: number): ParticipantSummary => ({
  id,
  real_id: `P000${id}`,
  type: 'default',
  demographic: { age: null, gender: null, education: null },
  started_at: START,
  ended_at: START + 100,
  time_to_complete_ms: 100_000,
  total_clicks: 0,
  favourite: false,
  video: null,
});

const detail = (id: number, basket: [number, number] | null): ParticipantDetail => ({
  ...summary(id),
  test_id: 7,
  state: 'finished',
  video: id === 1 ? '/api/v1/tests/7/participants/1/video?expires=1&signature=x' : null,
  video_pending: id !== 1,
  significant_points: [],
  sections: basket
    ? [
        {
          id: id * 10,
          label_id: 5,
          label: { id: 5, name: 'Basket' },
          timestamp_start: START * 1000 + basket[0] * 1000,
          timestamp_end: START * 1000 + basket[1] * 1000,
          participant_id: id,
        },
      ]
    : [],
});

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(null, { status: 404 }));
});

describe('SectionVideoScreen', () => {
  it("shows each visitor's clip of the chosen page, and plays them together", async () => {
    storeSession('jwt', client);
    useFakeApi({
      'GET /users/me': { body: client },
      'GET /tests/7/labels': { body: { data: { labels: [label(5, 'Basket'), label(6, 'Checkout')] } } },
      'GET /tests/7/participants': { body: [summary(1), summary(2), summary(3)] },
      'GET /tests/7/participants/1': { body: detail(1, [20, 32]) },
      'GET /tests/7/participants/2': { body: detail(2, [40, 45]) },
      'GET /tests/7/participants/3': { body: detail(3, null) },
    });
    renderWithProviders(<SectionVideoScreen test={makeTestDetail({ id: 7, state: 'done' })} />, {
      path: '/test/7/section-video',
    });
    expect(
      await screen.findByText(/^2 of 3 participants visited this page/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    const clips = screen.getAllByRole('listitem');
    expect(clips).toHaveLength(2);
    const first = within(clips[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'P0001' }).getAttribute('href')).toBe(
      '/test/7/participant/1/recording?timestamp=20.000',
    );
    expect(first.getByText('0:12 on the page')).toBeTruthy();
    expect(clips[0]?.querySelector('video')?.textContent).toBe(
      'Your browser does not support the video tag.',
    );
    expect(within(clips[1] as HTMLElement).getByText('The recording is being made…')).toBeTruthy();
    expect(screen.getByText('0:00 / 0:12')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });
});
