import type { Reel, SignificantPoint } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { makeInsight } from '../../../test/insight';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { ReelPanel } from './reel-panel';

const START = 1_767_000_000;
const URL = '/tests/4/insights/7/reel';
const point = (id: number, participantId: number, atSeconds: number): SignificantPoint => ({
  id,
  emotion: id === 1 ? 'frustration' : 'joy',
  timestamp_top: (START + atSeconds) * 1000,
  comment: '',
  translation: '',
  false_positive: false,
  tags: [],
  ranking: 0,
  score: 1,
  participant_id: participantId,
  participant_label: `P000${participantId}`,
});
const insight = makeInsight({
  id: 7,
  title: 'Lost at the discount field',
  significant_points_ids: [1, 2],
  significant_points: [point(1, 8, 42), point(2, 9, 75)],
});
const test = makeTestDetail({
  id: 4,
  translation_language: 'English',
  participants: [
    { id: 8, real_id: 'a', type: 'default', started_at: START, ended_at: null },
    { id: 9, real_id: 'b', type: 'default', started_at: START, ended_at: null },
  ],
});
const clip = (pointId: number, participant: string, start = -3000, end = 4000) => ({
  point_id: pointId,
  participant,
  start_offset_ms: start,
  end_offset_ms: end,
});
const reel = (overrides: Partial<Reel> = {}): Reel => ({
  id: 3,
  insight_id: 7,
  state: 'draft',
  published: false,
  caption_language: 'original',
  clips: [clip(1, 'P01'), clip(2, 'P02')],
  left_out: 1,
  progress: 0,
  message: null,
  video: null,
  updated_at: START,
  ...overrides,
});
const answer = (body: Reel) => ({ body: { data: body } });
/** The PATCH answers the clips sent, as the server stores them. */
const patched = (call: FakeCall) => {
  const clips = (call.body as { reel: { clips: Omit<ReturnType<typeof clip>, 'participant'>[] } }).reel.clips;
  return answer(
    reel({ clips: clips.map((sent) => ({ ...sent, participant: sent.point_id === 1 ? 'P01' : 'P02' })) }),
  );
};
const renderPanel = () => renderWithProviders(<ReelPanel test={test} insight={insight} />);

describe('ReelPanel', () => {
  it('makes the reel from the insight’s points and lists its clips with who is left out', async () => {
    const fake = useFakeApi({
      [`GET ${URL}`]: { body: { data: null } },
      [`POST ${URL}`]: answer(reel()),
    });
    renderPanel();
    expect(await screen.findByText(/each of this insight's 2 significant points/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Make the evidence reel' }));
    const clips = await screen.findByRole('list', { name: 'Clips in order' });
    expect(within(clips).getAllByRole('listitem')).toHaveLength(2);
    expect(within(clips).getByText('peak at 0:42 in the recording')).toBeTruthy();
    expect(within(clips).getByText('Frustration')).toBeTruthy();
    expect(screen.getByText(/1 participant is left out: they did not consent/)).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([URL]);
  });

  it('sends the clips in their new order when one moves, and without the one dropped', async () => {
    const fake = useFakeApi({ [`GET ${URL}`]: answer(reel()), [`PATCH ${URL}`]: patched });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Move clip 2 (P02) up' }));
    expect(screen.getByText('(P0009)')).toBeTruthy(); // the research area's label beside the pseudonym
    await screen.findByRole('button', { name: 'Move clip 1 (P02) down' });
    // at the top its up button is off: the focus goes to its down button, for the keyboard
    await vi.waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Move clip 1 (P02) down'),
    );
    expect(fake.calls.at(-1)?.body).toEqual({
      reel: {
        clips: [
          { point_id: 2, start_offset_ms: -3000, end_offset_ms: 4000 },
          { point_id: 1, start_offset_ms: -3000, end_offset_ms: 4000 },
        ],
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Drop clip 2 (P01)' }));
    const restore = await screen.findByRole('button', { name: /^Restore the clip of P01/ });
    expect(fake.calls.at(-1)?.body).toEqual({
      reel: { clips: [{ point_id: 2, start_offset_ms: -3000, end_offset_ms: 4000 }] },
    });
    await userEvent.click(restore);
    await screen.findByRole('button', { name: 'Move clip 2 (P01) up' });
    expect(fake.calls.at(-1)?.body).toEqual({
      reel: {
        clips: [
          { point_id: 2, start_offset_ms: -3000, end_offset_ms: 4000 },
          { point_id: 1, start_offset_ms: -3000, end_offset_ms: 4000 },
        ],
      },
    });
  });

  it('sends a trim in milliseconds and shows the server’s refusal at that clip', async () => {
    const message = 'The clip of point 2 must lie inside its participant’s recording';
    const fake = useFakeApi({
      [`GET ${URL}`]: answer(reel()),
      [`PATCH ${URL}`]: {
        status: 400,
        body: { code: 'validation', message, errors: { 'clips.1': [message] } },
      },
    });
    renderPanel();
    const start = await screen.findByRole('textbox', { name: 'Start (s from peak), clip 2 (P02)' });
    await userEvent.clear(start);
    await userEvent.type(start, '-6{Enter}');
    const shown = await screen.findByRole('alert');
    expect(shown.textContent).toContain(message);
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls.at(-1)?.body).toEqual({
      reel: {
        clips: [
          { point_id: 1, start_offset_ms: -3000, end_offset_ms: 4000 },
          { point_id: 2, start_offset_ms: -6000, end_offset_ms: 4000 },
        ],
      },
    });
    const first = screen.getByRole('listitem', { name: 'Clip 1' });
    expect(within(first).queryByRole('alert')).toBeNull();
  });

  it('sends the caption language, and shows a refusal of it above the clips, not at one', async () => {
    const fake = useFakeApi({
      [`GET ${URL}`]: answer(reel()),
      [`PATCH ${URL}`]: (call) =>
        (call.body as { reel: { clips?: unknown } }).reel.clips
          ? {
              status: 400,
              body: { code: 'validation', message: 'Too long', errors: { 'clips.0': ['Too long'] } },
            }
          : {
              status: 400,
              body: {
                code: 'validation',
                message: 'Choose original or translation',
                errors: { caption_language: ['Choose original or translation'] },
              },
            },
    });
    renderPanel();
    const start = await screen.findByRole('textbox', { name: 'Start (s from peak), clip 1 (P01)' });
    await userEvent.clear(start);
    await userEvent.type(start, '-20{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Too long');
    await userEvent.click(screen.getByText('English translation'));
    expect(await screen.findByText('The reel could not be changed')).toBeTruthy();
    expect(fake.calls.at(-1)?.body).toEqual({ reel: { caption_language: 'translation' } });
    expect(within(screen.getByRole('listitem', { name: 'Clip 1' })).queryByRole('alert')).toBeNull();
  });

  it('shows the render’s progress while it runs, then the preview, and publishes', async () => {
    let reads = 0;
    const fake = useFakeApi({
      [`GET ${URL}`]: () => {
        reads += 1;
        return answer(
          reads === 1
            ? reel()
            : reads === 2
              ? reel({ state: 'rendering', progress: 45 })
              : reel({ state: 'ready', progress: 100, video: '/api/v1/reel.mp4?sig=1' }),
        );
      },
      [`POST ${URL}/render`]: { status: 202, body: { data: reel({ state: 'rendering', progress: 0 }) } },
      [`POST ${URL}/publish`]: answer(
        reel({ state: 'ready', published: true, video: '/api/v1/reel.mp4?sig=1' }),
      ),
    });
    renderPanel();
    expect(
      ((await screen.findByRole('button', { name: 'Publish to client' })) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Render' }));
    expect(await screen.findByText(/Rendering: 0 % done/)).toBeTruthy();
    expect(await screen.findByText(/Rendering: 45 % done/, {}, { timeout: 4000 })).toBeTruthy();
    const preview = await screen.findByLabelText('Preview of the evidence reel', {}, { timeout: 4000 });
    expect(preview.getAttribute('src')).toBe('/api/v1/reel.mp4?sig=1');
    expect(screen.getByText('Ready')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Publish to client' }));
    expect(await screen.findByText('Published to client')).toBeTruthy();
    expect(fake.calls.at(-1)).toMatchObject({ path: `${URL}/publish`, body: { published: true } });
    expect(screen.getByRole('button', { name: 'Stop showing to the client' })).toBeTruthy();
  });

  it('says what to do after a failed render, and that an edited reel needs a new one', async () => {
    useFakeApi({
      [`GET ${URL}`]: answer(
        reel({ state: 'failed', message: 'The reel could not be made; please try again' }),
      ),
    });
    renderPanel();
    expect(
      await screen.findByText(/could not be made; please try again Check the clips and render again/),
    ).toBeTruthy();
  });

  it('says an edited reel needs a new render while clients keep the last one', async () => {
    useFakeApi({ [`GET ${URL}`]: answer(reel({ published: true, video: '/api/v1/reel.mp4?sig=1' })) });
    renderPanel();
    expect(await screen.findByText('Changed since its last render')).toBeTruthy();
    expect(screen.getByText(/the client sees the last render until then/)).toBeTruthy();
  });
});
