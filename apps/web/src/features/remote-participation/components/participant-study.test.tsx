import {
  REMOTE_GAZE_DEFAULTS,
  REMOTE_MESSAGES,
  type RemoteSessionProgress,
  type RemoteStudy,
} from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch } from '../../../test/fake-api';
import { fakeMicrophone } from '../../../test/fake-media';
import { renderWithProviders } from '../../../test/render';
import { storeSession } from '../session-store';
import { ParticipantStudy } from './participant-study';

const TOKEN = 'a1b2c3d4';
// 29 Dec 2026, midday UTC: the same date in every time zone the tests run in
const EXPIRES_AT = Date.UTC(2026, 11, 29, 12) / 1000;

const study = (language: string): RemoteStudy => ({
  test: { name: 'Checkout study', kind: 'desktop', language },
  consent_terms: {
    version: 2,
    text: 'We record your gaze.',
    streams: ['eyes', 'mice'],
    purposes: ['report'],
  },
  expires_at: EXPIRES_AT,
  gaze: REMOTE_GAZE_DEFAULTS,
});

function serve(reply: { status?: number; body: unknown }, more: Parameters<typeof createFakeFetch>[0] = {}) {
  const fake = createFakeFetch({ 'GET /remote/study': reply, ...more });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('ParticipantStudy', () => {
  it('welcomes in English: what will happen, how long, the camera stays on the device, until when; then Start', async () => {
    const fake = serve({ body: { data: study('English') } });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Checkout study' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(heading.closest('main')?.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('heading', { level: 2, name: 'What will happen' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'You choose what you consent to: each kind of data (such as your gaze or your mouse) and each purpose on its own.',
      'A check of your camera and your screen.',
      'A short calibration: you follow a few dots with your eyes.',
      'The study itself.',
      'A few questions.',
    ]);
    expect(
      screen.getByText('Your camera video never leaves your device: everything is computed on it.'),
    ).toBeTruthy();
    expect(screen.getByText('This link is open until 29 Dec 2026.')).toBeTruthy();
    expect(screen.getByText(/It takes about 10 to 15 minutes/)).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Start']);
    expect(screen.queryByRole('navigation')).toBeNull();

    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.headers.Authorization).toBe(`Remote ${TOKEN}`);
    // the token stays in memory: nothing of it in the browser's storage
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(TOKEN);
  });

  it('welcomes in Dutch when the test runs in Dutch, every text of the page included', async () => {
    serve({ body: { data: study('Dutch') } });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Checkout study' });
    expect(heading.closest('main')?.getAttribute('lang')).toBe('nl');
    expect(screen.getByText('Je bent uitgenodigd om deel te nemen aan dit onderzoek.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Wat er gaat gebeuren' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Een korte kalibratie: je volgt een paar stippen met je ogen.')).toBeTruthy();
    expect(
      screen.getByText('De video van je camera verlaat je apparaat nooit: alles wordt erop berekend.'),
    ).toBeTruthy();
    expect(screen.getByText('Deze link is open tot 29 Dec 2026.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Beginnen' })).toBeTruthy();
    expect(screen.queryByText(/What will happen|Taking part|camera video/)).toBeNull();
  });

  it.each([
    [403, 'forbidden', REMOTE_MESSAGES.full],
    [403, 'forbidden', REMOTE_MESSAGES.expired],
    [403, 'forbidden', REMOTE_MESSAGES.revoked],
    [404, 'not_found', REMOTE_MESSAGES.unknownLink],
  ])('shows the server refusal (%i) as it is: %s', async (status, code, message) => {
    serve({ status, body: { code, message } });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Study not available' });
    expect(screen.getByText(message)).toBeTruthy();
    expect(heading.closest('main')?.getAttribute('lang')).toBe('en');
    expect(screen.queryByText(/What will happen/)).toBeNull();
  });

  it('writes the refusal in Dutch for a browser that reads Dutch, before the study’s language is known', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl-NL', 'en']);
    serve({ status: 403, body: { code: 'forbidden', message: REMOTE_MESSAGES.full } });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Onderzoek niet beschikbaar' });
    expect(
      screen.getByText('Dit onderzoek is vol: alle plaatsen zijn bezet. Bedankt voor je interesse.'),
    ).toBeTruthy();
    expect(heading.closest('main')?.getAttribute('lang')).toBe('nl');
  });

  it('announces the loading', async () => {
    serve({ body: { data: study('English') } });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.getByLabelText('Opening the study')).toBeTruthy();
    await screen.findByRole('heading', { level: 1 });
  });

  it('asks consent per stream and purpose, nothing ticked, and refuses to go on without a choice', async () => {
    const user = userEvent.setup();
    const fake = serve({ body: { data: study('English') } });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Start' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Your consent' })).toBeTruthy();
    expect(screen.getByText('We record your gaze.')).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-checked') ?? (box as HTMLInputElement).checked)).toEqual(
      [false, false, false],
    );
    expect(
      screen.getByRole('checkbox', { name: 'Where you look on the screen (gaze, from your camera)' }),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: "This study's report for the client" })).toBeTruthy();
    expect(screen.getByText(/Your camera video never leaves your device: only where you look/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'I consent and continue' }));
    expect(screen.getByText(/Choose at least one kind of data/)).toBeTruthy();
    expect(screen.getByText(/Choose at least one purpose/)).toBeTruthy();
    expect(fake.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("joins with what was chosen, the panel's id from the link, under the terms' version", async () => {
    const user = userEvent.setup();
    window.history.pushState({}, '', `/p/${TOKEN}?PROLIFIC_PID=prolific-77`);
    const fake = serve(
      { body: { data: study('English') } },
      {
        'POST /remote/participants': {
          status: 201,
          body: { data: { participant_id: 9, session_token: 'session-1', session_expires_at: EXPIRES_AT } },
        },
        'GET /remote/session/material': {
          body: {
            data: {
              stimulus: { kind: 'none' },
              questions: { associations: [], evaluations: [], open_questions: [] },
            },
          },
        },
      },
    );
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(screen.getByRole('checkbox', { name: /Your mouse movements/ }));
    await user.click(screen.getByRole('checkbox', { name: "This study's report for the client" }));
    await user.click(screen.getByRole('button', { name: 'I consent and continue' }));

    // mouse only: no camera check; the study says it has nothing to show
    expect(await screen.findByText(/There is nothing to show in this study yet/)).toBeTruthy();
    const join = fake.calls.find((call) => call.method === 'POST');
    expect(join?.headers.Authorization).toBe(`Remote ${TOKEN}`);
    expect(join?.body).toEqual({
      external_id: 'prolific-77',
      consent: { version: 2, streams: ['mice'], purposes: ['report'] },
    });
    const material = fake.calls.find((call) => call.path === '/remote/session/material');
    expect(material?.headers.Authorization).toBe('Session session-1');
    // the session's credential is kept in this tab's sessionStorage for a reload, never in localStorage
    expect(JSON.stringify({ ...sessionStorage })).toContain('session-1');
    expect(localStorage.length).toBe(0);
    window.history.pushState({}, '', '/');
  });
});

describe('ParticipantStudy with the voice consented to', () => {
  const ENDED = { data: { participant: { id: 9, state: 'finished', streams: {} }, redirect_url: null } };
  const voiceStudy = (): RemoteStudy => ({
    ...study('English'),
    consent_terms: { ...study('English').consent_terms, streams: ['mice', 'voice'] },
  });

  it('says the voice is sent, asks the microphone without a camera check, records through the study, and sends the rest before the end', async () => {
    const user = userEvent.setup();
    fakeMicrophone();
    const fake = serve(
      { body: { data: voiceStudy() } },
      {
        'POST /remote/participants': {
          status: 201,
          body: { data: { participant_id: 9, session_token: 'session-1', session_expires_at: EXPIRES_AT } },
        },
        'GET /remote/session/material': {
          body: {
            data: {
              stimulus: { kind: 'none' },
              questions: { associations: [], evaluations: [], open_questions: [] },
            },
          },
        },
        'PUT /remote/session/voice/1/chunks/0': { body: { data: { take: 1, seq: 0, bytes: 99 } } },
        'POST /remote/session/end': { body: ENDED },
      },
    );
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(
      screen.getByText(/the recording is sent to the researchers \(unlike the camera video\)/),
    ).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /Your mouse movements/ }));
    await user.click(screen.getByRole('checkbox', { name: 'What you say aloud' }));
    await user.click(screen.getByRole('checkbox', { name: "This study's report for the client" }));
    await user.click(screen.getByRole('button', { name: 'I consent and continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Microphone' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: '✓' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(/There is nothing to show in this study yet/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Recording your voice');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Your part of the study is done. You can close this page.')).toBeTruthy();
    const order = fake.calls.map((call) => `${call.method} ${call.path}`);
    expect(order.slice(-2)).toEqual(['PUT /remote/session/voice/1/chunks/0', 'POST /remote/session/end']);
    const chunk = fake.calls.find((call) => call.method === 'PUT');
    expect(chunk?.headers).toMatchObject({
      Authorization: 'Session session-1',
      'Content-Type': 'audio/webm',
    });
    expect(chunk?.body).toBeInstanceOf(Blob);
    expect((chunk?.body as Blob | undefined)?.size).toBe(99);
  });
});

describe('ParticipantStudy after a reload', () => {
  const SESSION = { participantId: 9, token: 'session-1', expiresAt: EXPIRES_AT };
  const progress = (overrides: Partial<RemoteSessionProgress> = {}): RemoteSessionProgress => ({
    test: { name: 'Checkout study', kind: 'desktop', language: 'English' },
    gaze: REMOTE_GAZE_DEFAULTS,
    streams: ['mice'],
    validation: null,
    answered: false,
    next_seq: { eyes: 0, mice: 3, expressions: 0 },
    next_voice_take: 1,
    ended: false,
    expires_at: EXPIRES_AT,
    ...overrides,
  });
  const NOTHING = {
    stimulus: { kind: 'none' },
    questions: { associations: [], evaluations: [], open_questions: [] },
  };
  function serveSession(
    reply: { status?: number; body: unknown },
    more: Parameters<typeof createFakeFetch>[0] = {},
  ) {
    const routes: Parameters<typeof createFakeFetch>[0] = {
      'GET /remote/study': { status: 403, body: { code: 'forbidden', message: REMOTE_MESSAGES.full } },
      'GET /remote/session/progress': reply,
      'GET /remote/session/material': { body: { data: NOTHING } },
      ...more,
    };
    const fake = createFakeFetch(routes);
    vi.stubGlobal('fetch', fake.fetch);
    return { ...fake, routes };
  }

  it('asks the server where the session stands with the session’s credential, and goes on at the study (no gaze consented)', async () => {
    storeSession(TOKEN, SESSION);
    const fake = serveSession({
      body: { data: progress({ test: { ...progress().test, language: 'Dutch' } }) },
    });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);

    expect(await screen.findByText('Welkom terug: je gaat verder waar je was gebleven.')).toBeTruthy();
    expect(await screen.findByText(/Er is in dit onderzoek nog niets te tonen/)).toBeTruthy();
    const asked = fake.calls.find((call) => call.path === '/remote/session/progress');
    expect(asked?.headers.Authorization).toBe('Session session-1');
    // the link's own read is not needed (it refuses once this participant took the last place)
    expect(fake.calls.some((call) => call.path === '/remote/study')).toBe(false);
    expect(screen.getByRole('main').getAttribute('lang')).toBe('nl');
  });

  it("records the voice as the session's next take after a reload, with the microphone asked again", async () => {
    storeSession(TOKEN, SESSION);
    fakeMicrophone();
    const fake = serveSession(
      { body: { data: progress({ streams: ['mice', 'voice'], next_voice_take: 3 }) } },
      {
        'PUT /remote/session/voice/3/chunks/0': { body: { data: { take: 3, seq: 0, bytes: 99 } } },
        'POST /remote/session/end': {
          body: { data: { participant: { id: 9, state: 'finished', streams: {} }, redirect_url: null } },
        },
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Microphone' })).toBeTruthy();
    await screen.findByRole('img', { name: '✓' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your part of the study is done. You can close this page.')).toBeTruthy();
    expect(fake.calls.map((call) => `${call.method} ${call.path}`).slice(-2)).toEqual([
      'PUT /remote/session/voice/3/chunks/0',
      'POST /remote/session/end',
    ]);
  });

  it('shows the thank-you when the session already ended, ending it again for its redirect', async () => {
    storeSession(TOKEN, SESSION);
    const fake = serveSession(
      { body: { data: progress({ ended: true, answered: true }) } },
      {
        'POST /remote/session/end': {
          body: { data: { participant: { id: 9, state: 'finished', streams: {} }, redirect_url: null } },
        },
      },
    );
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    expect(await screen.findByText('Your part of the study is done. You can close this page.')).toBeTruthy();
    expect(fake.calls.find((call) => call.method === 'POST')?.path).toBe('/remote/session/end');
  });

  it.each([
    [401, 'unauthenticated', REMOTE_MESSAGES.sessionEnded],
    [403, 'forbidden', REMOTE_MESSAGES.revoked],
  ])('says clearly when the server ended the session (%i), and forgets it', async (status, code, message) => {
    storeSession(TOKEN, SESSION);
    serveSession({ status, body: { code, message } });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your session has ended' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByText(/What you sent before it ended is kept/)).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('says in Dutch that the session ended, for a browser that reads Dutch', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl']);
    storeSession(TOKEN, SESSION);
    serveSession({ status: 401, body: { code: 'unauthenticated', message: REMOTE_MESSAGES.sessionEnded } });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Je sessie is afgelopen' })).toBeTruthy();
    expect(
      screen.getByText('Deze sessie is verlopen: open de onderzoekslink opnieuw om mee te doen.'),
    ).toBeTruthy();
    expect(screen.getByText(/blijft bewaard/)).toBeTruthy();
  });

  it('keeps the session when the server cannot answer, and asks again on request', async () => {
    storeSession(TOKEN, SESSION);
    let answered = false;
    const fake = serveSession({ status: 500, body: { code: 'internal', message: 'Something went wrong' } });
    const user = userEvent.setup();
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    expect(await screen.findByText('The study could not be opened. Try again in a moment.')).toBeTruthy();
    expect(JSON.stringify({ ...sessionStorage })).toContain('session-1');
    fake.routes['GET /remote/session/progress'] = () => {
      answered = true;
      return { body: { data: progress() } };
    };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Welcome back: you go on where you left off.')).toBeTruthy();
    expect(answered).toBe(true);
  });

  it('does not resume another link’s session', async () => {
    storeSession('another-link', SESSION);
    const fake = serve({ body: { data: study('English') } });
    renderWithProviders(<ParticipantStudy token={TOKEN} />);
    expect(await screen.findByRole('button', { name: 'Start' })).toBeTruthy();
    expect(fake.calls.map((call) => call.path)).toEqual(['/remote/study']);
  });
});
