import { REMOTE_MESSAGES, type RemoteStudy } from '@limbus/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ParticipantWelcome } from './participant-welcome';

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
});

function serve(reply: { status?: number; body: unknown }) {
  const fake = createFakeFetch({ 'GET /remote/study': reply });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('ParticipantWelcome', () => {
  it('welcomes in English: what will happen, the camera stays on the device, until when, not open yet', async () => {
    const fake = serve({ body: { data: study('English') } });
    renderWithProviders(<ParticipantWelcome token={TOKEN} />);

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
    expect(
      screen.getByText('Taking part in the browser is not open yet: your researcher will let you know.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();

    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.headers.Authorization).toBe(`Remote ${TOKEN}`);
    // the token stays in memory: nothing of it in the browser's storage
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(TOKEN);
  });

  it('welcomes in Dutch when the test runs in Dutch, every text of the page included', async () => {
    serve({ body: { data: study('Dutch') } });
    renderWithProviders(<ParticipantWelcome token={TOKEN} />);

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
    expect(
      screen.getByText('Deelnemen in de browser is nog niet mogelijk: je onderzoeker laat het je weten.'),
    ).toBeTruthy();
    expect(screen.queryByText(/What will happen|Taking part|camera video/)).toBeNull();
  });

  it.each([
    [403, 'forbidden', REMOTE_MESSAGES.full],
    [403, 'forbidden', REMOTE_MESSAGES.expired],
    [403, 'forbidden', REMOTE_MESSAGES.revoked],
    [404, 'not_found', REMOTE_MESSAGES.unknownLink],
  ])('shows the server refusal (%i) as it is: %s', async (status, code, message) => {
    serve({ status, body: { code, message } });
    renderWithProviders(<ParticipantWelcome token={TOKEN} />);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Study not available' });
    expect(screen.getByText(message)).toBeTruthy();
    expect(heading.closest('main')?.getAttribute('lang')).toBe('en');
    expect(screen.queryByText(/What will happen/)).toBeNull();
  });

  it('announces the loading', async () => {
    serve({ body: { data: study('English') } });
    renderWithProviders(<ParticipantWelcome token={TOKEN} />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.getByLabelText('Opening the study')).toBeTruthy();
    await screen.findByRole('heading', { level: 1 });
  });
});
