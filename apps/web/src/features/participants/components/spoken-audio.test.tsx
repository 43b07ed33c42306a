import type { ParticipantVoice, VoiceTake } from '@limbus/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { formatDate, formatDateTime } from '../../../ui';
import { VOICE_PENDING_POLL_MS } from '../api';
import { SpokenAudio, takeLabel } from './spoken-audio';

const ROUTE = 'GET /tests/7/participants/9/voice';
// 24 Nov 2026, midday UTC
const STARTED_AT = Date.UTC(2026, 10, 24, 12) / 1000;

const take = (overrides: Partial<VoiceTake> = {}): VoiceTake => ({
  take: 1,
  media_type: 'audio/webm',
  started_at: STARTED_AT,
  duration_ms: 151_000,
  bytes: 480_000,
  url: '/api/v1/tests/7/participants/9/voice/1?expires=1&signature=a',
  ...overrides,
});
const voice = (overrides: Partial<ParticipantVoice> = {}): ParticipantVoice => ({
  consented: true,
  takes: [take()],
  removed_at: null,
  ...overrides,
});

function renderSection() {
  return renderWithProviders(<SpokenAudio testId={7} participantId={9} headingOrder={2} />);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SpokenAudio', () => {
  it('plays each take in a labelled player that loads nothing before it is played', async () => {
    useFakeApi({
      [ROUTE]: {
        body: {
          data: voice({
            takes: [
              take(),
              take({ take: 2, duration_ms: null, url: '/api/v1/tests/7/participants/9/voice/2' }),
            ],
          }),
        },
      },
    });
    renderSection();

    expect(screen.getByRole('heading', { level: 2, name: 'Spoken audio' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Spoken audio' })).toBeTruthy();
    const first = await screen.findByLabelText(`Take 1 · 02:31 · from ${formatDateTime(STARTED_AT)}`);
    expect(first.tagName).toBe('AUDIO');
    expect(first.getAttribute('preload')).toBe('metadata');
    expect(first.hasAttribute('controls')).toBe(true);
    expect(first.getAttribute('src')).toBe('/api/v1/tests/7/participants/9/voice/1?expires=1&signature=a');
    // a length not known is left out, not shown as a dash
    expect(screen.getByLabelText(`Take 2 · from ${formatDateTime(STARTED_AT)}`).tagName).toBe('AUDIO');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('says a take is being prepared, asks again every few seconds, and plays it once joined', async () => {
    // the poll's clock only: the answers land on the real one
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let reads = 0;
    const fake = useFakeApi({
      [ROUTE]: () => ({
        body: { data: voice({ takes: [take({ url: reads++ === 0 ? null : take().url })] }) },
      }),
    });
    renderSection();
    expect(await screen.findByText('Being prepared…')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Being prepared…');
    expect(screen.queryByLabelText(/^Take 1/, { selector: 'audio' })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(VOICE_PENDING_POLL_MS));
    expect(await screen.findByLabelText(/^Take 1/, { selector: 'audio' })).toBeTruthy();
    expect(screen.queryByText('Being prepared…')).toBeNull();
    // joined: no more asking
    await act(() => vi.advanceTimersByTimeAsync(VOICE_PENDING_POLL_MS * 3));
    expect(fake.calls.filter((call) => call.path === '/tests/7/participants/9/voice')).toHaveLength(2);
  });

  it('says what to do when a take cannot be played', async () => {
    useFakeApi({ [ROUTE]: { body: { data: voice() } } });
    renderSection();
    const player = await screen.findByLabelText(/^Take 1/, { selector: 'audio' });
    fireEvent.error(player);
    expect(screen.getByRole('alert').textContent).toMatch(/This take could not be played. Reload the page/);
  });

  it.each([
    [
      voice({ consented: false, takes: [] }),
      'Not recorded: the participant did not agree to voice recording.',
    ],
    [
      voice({ takes: [], removed_at: STARTED_AT }),
      `Removed by the retention policy on ${formatDate(STARTED_AT)}.`,
    ],
    [voice({ takes: [] }), 'No spoken audio was recorded.'],
  ])('says why there is nothing to play: %#', async (answer, text) => {
    useFakeApi({ [ROUTE]: { body: { data: answer } } });
    renderSection();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(document.querySelector('audio')).toBeNull();
  });

  it('announces the loading, and offers to try again when the list could not be loaded', async () => {
    let failing = true;
    useFakeApi({
      [ROUTE]: () =>
        failing
          ? { status: 503, body: { code: 'internal', message: 'Service unavailable' } }
          : { body: { data: voice() } },
    });
    const user = userEvent.setup();
    renderSection();
    expect(screen.getByLabelText('Loading the spoken audio')).toBeTruthy();
    expect(await screen.findByText('The spoken audio could not be loaded')).toBeTruthy();
    expect(screen.getByText('Check your connection, then try again.')).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Take 1/, { selector: 'audio' })).toBeTruthy();
  });
});

describe('takeLabel', () => {
  it('names the take, its length and its start', () => {
    expect(takeLabel(take())).toBe(`Take 1 · 02:31 · from ${formatDateTime(STARTED_AT)}`);
  });
});
