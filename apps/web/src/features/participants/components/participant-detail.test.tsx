import type { ParticipantDetail, SignificantPoint } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { ParticipantDetailView } from './participant-detail';

const researcher = makeUser({ role: 'admin' });
const STARTED_MS = 1_700_000_000 * 1000;

function makePoint(change: Partial<SignificantPoint>): SignificantPoint {
  return {
    id: 61,
    emotion: 'joy',
    timestamp_top: STARTED_MS + 3250,
    comment: 'Likes the price',
    translation: '',
    false_positive: false,
    tags: [],
    ranking: 1,
    score: 0.8,
    participant_id: 25,
    participant_label: 'P0001',
    ...change,
  };
}

function makeParticipant(change: Partial<ParticipantDetail> = {}): ParticipantDetail {
  return {
    id: 25,
    real_id: 'P0001',
    type: 'default',
    source: 'lab',
    demographic: { age: 47, gender: 'male', education: 'HBO' },
    started_at: 1_700_000_000,
    ended_at: 1_700_000_107,
    time_to_complete_ms: 107_000,
    total_clicks: 12,
    favourite: false,
    removed: [],
    test_id: 7,
    state: 'finished',
    video: '/api/v1/tests/7/participants/25/video?expires=1&signature=x',
    sections: [],
    significant_points: [],
    open_questions: [],
    evaluations: [],
    associations: [],
    ...change,
  };
}

/** The calls of the research participant screen, answering `participant`. */
function routesFor(participant: ParticipantDetail) {
  return {
    'GET /users/me': { body: researcher },
    'GET /tests/7': { body: makeTestDetail({ id: 7, state: 'done' }) },
    'GET /tests/7/participants/25': { body: participant },
    'GET /tests/7/participants': { body: [] },
    'GET /tests/7/labels': { body: { data: { labels: [] } } },
    'GET /tests/7/insights': { body: { data: { insights: [] } } },
  };
}

function renderScreen() {
  renderWithProviders(<ParticipantDetailView testId={7} participantId={25} />, {
    path: '/research/test/7/participants/25',
  });
}

beforeEach(() => {
  // the emotion and mouse streams are bytes fetched without the API client: none in this test
  vi.stubGlobal('fetch', async () => new Response(null, { status: 404 }));
});

describe('ParticipantDetailView', () => {
  it('keeps one player and its time when switching between Data and Sections', async () => {
    storeSession('jwt', researcher);
    useFakeApi(routesFor(makeParticipant()));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Participant P0001' })).toBeTruthy();
    const player = document.querySelector('video');
    if (!player) throw new Error('no player');
    player.currentTime = 42;

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Sections' }));
    expect(await screen.findByText('Create Mode')).toBeTruthy();
    expect(document.querySelectorAll('video')).toHaveLength(1);
    expect(document.querySelector('video')).toBe(player);
    expect(player.currentTime).toBe(42);

    await user.click(screen.getByRole('tab', { name: 'Data' }));
    expect(await screen.findByRole('region', { name: 'Neurofeedback' })).toBeTruthy();
    expect(document.querySelector('video')).toBe(player);
    expect(player.currentTime).toBe(42);
  });

  it('opens a neurofeedback card in the recording screen at its time, with its id, in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    storeSession('jwt', researcher);
    const points = [
      makePoint({}),
      // 12 s in: outside the cards' window (5 s before to 7 s after the playhead at 0)
      makePoint({ id: 62, emotion: 'frustration', timestamp_top: STARTED_MS + 12_000 }),
    ];
    useFakeApi(routesFor(makeParticipant({ significant_points: points })));
    renderScreen();
    const cards = await screen.findByRole('region', { name: 'Neurofeedback' });
    expect(within(cards).queryByRole('button', { name: /^frustration · / })).toBeNull();
    await userEvent
      .setup()
      .click(
        within(cards).getByRole('button', { name: /^joy · 00:03 .*: open this point in the recording$/ }),
      );
    expect(open).toHaveBeenCalledExactlyOnceWith(
      '/test/7/participant/25/recording?timestamp=3.250&sp_id=61',
      '_blank',
      'noopener',
    );
  });
});
