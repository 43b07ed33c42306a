import { encodeStream } from '@limbus/analytics';
import type { ParticipantDetail, ParticipantSummary } from '@limbus/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../api';
import { makeExpressions } from '../../../test/expressions';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { stubCanvas } from '../../../test/stub-canvas';
import { makeTestDetail } from '../../../test/test-detail';
import { RECORDING_LENGTH_HINT } from '../../participants';
import { RecordingScreen } from './recording-screen';

const client = makeUser({ role: 'admin' });
const START = 1_700_000_000;

function participant(overrides: Partial<ParticipantDetail> = {}): ParticipantDetail {
  return {
    id: 25,
    real_id: 'P0002',
    type: 'default',
    source: 'lab',
    demographic: { age: 47, gender: 'male', education: 'HBO' },
    started_at: START,
    ended_at: START + 107,
    time_to_complete_ms: 107_000,
    total_clicks: 12,
    favourite: false,
    removed: [],
    test_id: 7,
    state: 'finished',
    video: '/api/v1/tests/7/participants/25/video?expires=1&signature=x',
    sections: [],
    significant_points: [
      {
        id: 90,
        emotion: 'frustration',
        timestamp_top: START * 1000 + 30_000,
        comment: 'The size guide hides the sizes',
        translation: '',
        false_positive: false,
        tags: [{ id: 3, name: 'Size guide' }],
        ranking: 1,
        score: 1,
        participant_id: 25,
        participant_label: 'P0001',
      },
    ],
    ...overrides,
  };
}

const row = (id: number, realId: string): ParticipantSummary => ({
  id,
  real_id: realId,
  type: 'default',
  source: 'lab',
  demographic: { age: null, gender: null, education: null },
  started_at: START,
  ended_at: START + 100,
  time_to_complete_ms: 100_000,
  total_clicks: 0,
  favourite: false,
  removed: [],
  video: null,
});

function useRenderedScreen(
  detail: ParticipantDetail,
  search: { timestamp: string | null; pointId: number | null },
) {
  storeSession('jwt', client);
  useFakeApi({
    'GET /users/me': { body: client },
    'GET /tests/7/participants/25': { body: detail },
    'GET /tests/7/participants': { body: [row(11, 'P0001'), row(25, 'P0002'), row(31, 'P0003')] },
  });
  renderWithProviders(
    <RecordingScreen test={makeTestDetail({ id: 7, state: 'done' })} participantId={25} {...search} />,
    { path: '/test/7/participant/25/recording' },
  );
}

beforeEach(() => {
  stubCanvas();
  // the sample streams are bytes fetched without the API client: none here
  vi.stubGlobal('fetch', async () => new Response(null, { status: 404 }));
});

describe('RecordingScreen', () => {
  it('shows the facts, the player with its fallback text and overlay, and neighbours that wrap', async () => {
    useRenderedScreen(participant(), { timestamp: '30', pointId: 90 });
    expect(await screen.findByRole('heading', { name: 'Recording of participant P0002' })).toBeTruthy();
    const facts: [string, string][] = [
      ['Time to complete', '01:47'],
      ['Clicks', '12'],
      ['Age', '47'],
      ['Education', 'HBO'],
    ];
    for (const [label, value] of facts)
      expect(screen.getByText(label).nextElementSibling?.textContent).toBe(value);
    const video = document.querySelector('video');
    expect(video?.textContent).toBe('Your browser does not support the video tag.');
    expect(screen.getByTestId('recording-overlay')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back: previous participant, P0001' }).getAttribute('href')).toBe(
      '/test/7/participant/11/recording',
    );
    expect(screen.getByRole('link', { name: 'Next participant, P0003' }).getAttribute('href')).toBe(
      '/test/7/participant/31/recording',
    );
    expect(screen.getByRole('region', { name: 'Neurofeedback' })).toBeTruthy();
  });

  it('says that the recording is being made, and marks the point of sp_id at its time', async () => {
    useRenderedScreen(participant({ video: null, video_pending: true }), { timestamp: '30', pointId: 90 });
    expect(await screen.findByText(/The screen recording is being made/)).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    const card = await within(screen.getByRole('region', { name: 'Neurofeedback' })).findByText(
      'The size guide hides the sizes',
    );
    expect(card.closest('[aria-current="true"]')).toBeTruthy();
  });

  it("holds the video's box while the recording is being made, so that nothing moves when it arrives", async () => {
    useRenderedScreen(participant({ video: null, video_pending: true }), { timestamp: null, pointId: null });
    const pending = (await screen.findByText(/The screen recording is being made/)).closest(
      'div[style*="aspect-ratio"]',
    );
    const box = (element: Element | null | undefined) => {
      const style = (element as HTMLElement | null)?.style;
      return { width: style?.width, aspectRatio: style?.aspectRatio };
    };
    const held = box(pending);
    // the window-capped width of evidenceVideoStyle (jsdom rewrites its calc) and the platform's shape
    expect(held.width).toContain('100dvh');
    expect(held.aspectRatio).toBeTruthy();
    cleanup();
    useRenderedScreen(participant(), { timestamp: null, pointId: null });
    expect(await screen.findByTestId('recording-overlay')).toBeTruthy();
    expect(box(document.querySelector('video')?.parentElement)).toEqual(held);
  });

  it('says that the retention policy removed the recording, and when, instead of a player', async () => {
    const removedAt = Date.UTC(2026, 10, 24) / 1000;
    useRenderedScreen(
      participant({ video: null, removed: [{ kind: 'screen', at: removedAt, reason: 'retention' }] }),
      { timestamp: null, pointId: null },
    );
    const title = await screen.findByText('The screen recording was removed by the retention policy');
    expect(title.closest('[role="status"]')?.textContent).toMatch(/Removed on 24 Nov 2026/);
    expect(document.querySelector('video')).toBeNull();
    expect(screen.queryByText(/There is no recording/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Neurofeedback' })).toBeTruthy();
  });

  it("shows a webcam participant's facial expressions, and says that it recorded no EEG", async () => {
    // a remote participant: no EEG emotions (404), an expressions stream of its own
    const expressions = encodeStream({ kind: 'expressions', samples: makeExpressions([0, 200, 400, 3000]) });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input).endsWith('/streams/expressions')
        ? new Response(expressions.slice(), { status: 200 })
        : new Response(null, { status: 404 }),
    );
    useRenderedScreen(participant({ source: 'webcam', significant_points: [], video: null }), {
      timestamp: null,
      pointId: null,
    });
    expect(await screen.findByText(/took part remotely by webcam: no EEG was recorded/)).toBeTruthy();
    const chart = await screen.findByRole('group', { name: 'Facial expressions over the recording' });
    expect(chart.textContent).toContain('Frowns (angry, disgusted or sad expression)');
    expect(screen.queryByRole('group', { name: 'Emotions over the recording' })).toBeNull();
    expect(
      screen.getByText(/no recording of this participant yet\. The facial expressions still follow/),
    ).toBeTruthy();
    // and what it said aloud, in a section of its own (its answers are the spoken-audio test's)
    expect(screen.getByRole('heading', { level: 2, name: 'Spoken audio' })).toBeTruthy();
  });

  it('shows a lab participant no expressions and no webcam notice', async () => {
    useRenderedScreen(participant(), { timestamp: null, pointId: null });
    expect(await screen.findByRole('heading', { name: 'Recording of participant P0002' })).toBeTruthy();
    expect(screen.queryByText(/took part remotely by webcam/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Facial expressions over the recording' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Spoken audio' })).toBeNull();
  });

  it('keeps the recording-length hint verbatim', () => {
    expect(RECORDING_LENGTH_HINT).toBe(
      'Recording length can differ from time to complete because video and mouse data are captured by separate processes. Minor differences are expected.',
    );
  });
});
