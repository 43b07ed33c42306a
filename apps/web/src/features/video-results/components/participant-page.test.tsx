import { encodeStream } from '@limbus/analytics';
import type { ParticipantDetail } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeExpressions } from '../../../test/expressions';
import { useFakeApi } from '../../../test/fake-api';
import { stubCanvas } from '../../../test/stub-canvas';
import { makeVideoTest, makeViewer, renderVideoScreen } from '../../../test/video-results';
import { VideoParticipantPage } from './participant-page';

/** The viewer's spoken audio: one take of 65 s. */
const ONE_TAKE = {
  consented: true,
  removed_at: null,
  takes: [
    {
      take: 1,
      media_type: 'audio/ogg',
      started_at: 1_795_521_600,
      duration_ms: 65_000,
      bytes: 200_000,
      url: '/api/v1/tests/7/participants/41/voice/1?signature=s',
    },
  ],
};

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

beforeEach(stubCanvas);

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
      'GET /tests/7/participants/41/voice': { body: { data: ONE_TAKE } },
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

describe('VideoParticipantPage: one language per reader (issue 26)', () => {
  it("shows an English reader the viewer's Dutch answers in English, the originals on the toggle", async () => {
    const answered: ParticipantDetail = {
      ...detail(false),
      open_questions: [
        {
          id: 30,
          text: 'What would you change?',
          description: '',
          caption_low: '',
          caption_high: '',
          default: false,
          answer: {
            id: 300,
            question_id: 30,
            participant_id: 41,
            text: 'Iets korter maken.',
            translation: 'Make it a bit shorter.',
            score: null,
            checked: false,
          },
        },
      ],
    };
    const fake = useFakeApi({
      'GET /tests/7/participants': { body: [makeViewer(41, 'P0041')] },
      'GET /tests/7/participants/41': { body: answered },
      'GET /tests/7/participants/41/streams/emotions': { status: 404, body: { code: 'not_found' } },
      'GET /tests/7/participants/41/voice': { body: { data: ONE_TAKE } },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderVideoScreen(<VideoParticipantPage />, {
      test: makeVideoTest({
        addons: ['individual_participant'],
        translation: 'Dutch',
        translation_language: 'English',
      }),
      route: '/video-test/:id/participant/:participantId',
      path: '/video-test/7/participant/41',
      language: 'en',
    });
    expect(await screen.findByText('Make it a bit shorter.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Original (Dutch)' }));
    expect(screen.getByText('Iets korter maken.')).toBeTruthy();
  });
});

describe('VideoParticipantPage of a webcam participant', () => {
  it('says no EEG was recorded and draws the facial expressions instead', async () => {
    const viewer = { ...makeViewer(41, 'P0041'), source: 'webcam' as const };
    const fake = useFakeApi({
      'GET /tests/7/participants': { body: [viewer] },
      'GET /tests/7/participants/41': { body: { ...detail(false), source: 'webcam' } },
      'GET /tests/7/participants/41/streams/emotions': { status: 404, body: { code: 'not_found' } },
      'GET /tests/7/participants/41/voice': { body: { data: ONE_TAKE } },
    });
    const expressions = encodeStream({ kind: 'expressions', samples: makeExpressions([0, 200, 400, 3000]) });
    // the streams are read with the plain fetch (bytes, not JSON)
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/streams/expressions')
        ? new Response(expressions.slice(), { status: 200 })
        : fake.fetch(input, init),
    );
    renderVideoScreen(<VideoParticipantPage />, {
      test: makeVideoTest({ addons: ['individual_participant'] }),
      route: '/video-test/:id/participant/:participantId',
      path: '/video-test/7/participant/41',
    });
    expect(await screen.findByText(/took part remotely by webcam: no EEG was recorded/)).toBeTruthy();
    const chart = await screen.findByRole('group', { name: 'Facial expressions over the recording' });
    expect(chart.textContent).toContain('Smiles (happy expression)');
    expect(screen.queryByRole('group', { name: 'Emotions over the recording' })).toBeNull();
    const spoken = screen.getByRole('region', { name: 'Spoken audio' });
    expect(within(spoken).getByRole('heading', { level: 3 })).toBeTruthy();
    expect((await within(spoken).findByLabelText(/^Take 1 · 01:05 · from /)).tagName).toBe('AUDIO');
  });
});
