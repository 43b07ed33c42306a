import type { ParticipantDetail } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { makeVideoTest, makeViewer, renderVideoScreen } from '../../../test/video-results';
import { VideoParticipantPage } from './participant-page';

const detail = (favourite: boolean): ParticipantDetail => ({
  ...makeViewer(41, 'P0041', favourite),
  test_id: 7,
  state: 'finished',
  sections: [],
  significant_points: [],
  associations: [],
  evaluations: [],
  open_questions: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VideoParticipantPage', () => {
  it('toggles the favourite star on each click (GET …/favourite) and shows the new state', async () => {
    let favourite = false;
    const fake = useFakeApi({
      'GET /tests/7/participants': () => ({
        body: [makeViewer(41, 'P0041', favourite), makeViewer(42, 'P0042')],
      }),
      'GET /tests/7/participants/41': () => ({ body: detail(favourite) }),
      'GET /tests/7/participants/41/favourite': () => {
        favourite = !favourite;
        return { body: makeViewer(41, 'P0041', favourite) };
      },
      'GET /tests/7/participants/41/streams/emotions': { status: 404, body: { code: 'not_found' } },
    });
    // the emotion stream is read with the plain fetch (bytes, not JSON)
    vi.stubGlobal('fetch', fake.fetch);
    renderVideoScreen(<VideoParticipantPage />, {
      test: makeVideoTest({ addons: ['individual_participant'] }),
      route: '/video-test/:id/participant/:participantId',
      path: '/video-test/7/participant/41',
    });
    const toggles = () => fake.calls.filter((call) => call.path === '/tests/7/participants/41/favourite');

    await userEvent.click(await screen.findByRole('button', { name: 'Mark participant P0041 as favourite' }));
    const marked = await screen.findByRole('button', {
      name: 'Remove participant P0041 from the favourites',
    });
    expect(marked.getAttribute('aria-pressed')).toBe('true');
    expect(toggles()).toHaveLength(1);

    await userEvent.click(marked);
    const unmarked = await screen.findByRole('button', { name: 'Mark participant P0041 as favourite' });
    expect(unmarked.getAttribute('aria-pressed')).toBe('false');
    expect(toggles()).toHaveLength(2);
  });
});
