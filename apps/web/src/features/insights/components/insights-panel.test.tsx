import type { Emotion, Insight, SignificantPoint } from '@limbus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { makeInsight } from '../../../test/insight';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { EMOTION_TEXT_COLORS } from '../../../ui';
import { InsightsPanel } from './insights-panel';

const START = 1_767_000_000;
const point = (
  id: number,
  offsetMs: number,
  comment: string,
  { emotion = 'frustration', participant = 9 }: { emotion?: Emotion; participant?: number } = {},
): SignificantPoint => ({
  id,
  emotion,
  timestamp_top: START * 1000 + offsetMs,
  comment,
  translation: '',
  false_positive: false,
  tags: [],
  ranking: 0,
  score: 1,
  participant_id: participant,
  participant_label: `P${String(participant).padStart(4, '0')}`,
});

const TEST = makeTestDetail({ id: 4 });

/** A colour as the browser's style reads it back ('#e8457c' → 'rgb(232, 69, 124)'). */
function cssColor(color: string) {
  const element = document.createElement('div');
  element.style.color = color;
  return element.style.color;
}

/** A fake server holding the test's insights; it answers as the API does. */
function useFakeServer(initial: Insight[]) {
  let insights = [...initial];
  const points = [point(31, 3000, 'Could not find the button'), point(32, 65_000, '')];
  const reply = (insight: Insight) => ({ body: { data: insight } });
  const fake = useFakeApi({
    'GET /tests/4/insights': () => ({ body: { data: { insights } } }),
    'GET /tests/4/participants/9': { body: { id: 9, started_at: START, significant_points: points } },
    'POST /tests/4/insights': (call: FakeCall) => {
      const { title } = (call.body as { insight: { title: string } }).insight;
      const created = makeInsight({ id: 50 + insights.length, assigned_id: insights.length + 1, title });
      insights.push(created);
      return { status: 201, ...reply(created) };
    },
    'PATCH /tests/4/insights/2': (call: FakeCall) => {
      const changes = (call.body as { insight: Partial<Insight> }).insight;
      const ids = changes.significant_points_ids ?? [];
      const changed = {
        ...makeInsight({ id: 2, assigned_id: 2 }),
        ...changes,
        significant_points: points.filter((item) => ids.includes(item.id)),
      };
      insights = insights.map((item) => (item.id === 2 ? changed : item));
      return reply(changed);
    },
    'DELETE /tests/4/insights/2': () => {
      insights = insights.filter((item) => item.id !== 2);
      return { status: 204 };
    },
  });
  return fake;
}

describe('InsightsPanel', () => {
  it('lists the insights as the client reads them, opens ?open= in detail mode and goes back', async () => {
    const points = [
      point(41, 1000, 'Where is the menu?'),
      point(42, 2000, 'Nope', { participant: 10 }),
      point(43, 3000, 'Nice colours', { emotion: 'joy', participant: 10 }),
    ];
    useFakeServer([
      makeInsight({ id: 2, assigned_id: 2, title: 'Form errors', summary: '...' }),
      makeInsight({
        id: 1,
        assigned_id: 1,
        title: 'Menu is hidden',
        summary: '<p>Shoppers look for the menu &amp; give up.</p>',
        significant_points_ids: points.map((item) => item.id),
        significant_points: points,
      }),
    ]);
    renderWithProviders(<InsightsPanel test={TEST} initialOpenId={2} />);
    const user = userEvent.setup();
    // ?open={insightId}: that insight's detail mode first
    expect(await screen.findByRole('textbox', { name: /Insight 2: title/ })).toHaveProperty(
      'value',
      'Form errors',
    );
    await user.click(screen.getByRole('button', { name: 'Back to Insights list' }));

    const cards = await screen.findAllByRole('article');
    // by assigned number, whatever order the server answers in
    expect(cards.map((card) => card.getAttribute('aria-labelledby'))).toEqual(['insight-1', 'insight-2']);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByLabelText('Insight 1').textContent).toBe('1');
    const title = within(first).getByRole('heading', { level: 3, name: 'Menu is hidden' });
    expect(title.style.color).toBe(cssColor(EMOTION_TEXT_COLORS.frustration));
    expect(within(first).getByText('Shoppers look for the menu & give up.')).toBeTruthy();
    expect(within(first).getByText('3 data points')).toBeTruthy();
    expect(within(first).getByText('2 participants')).toBeTruthy();
    expect(within(second).getByText('No summary written yet.')).toBeTruthy();
    expect(within(second).getByText('0 data points')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Insights PDF' })).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: 'Read more about insight 1' }));
    expect(await screen.findByRole('textbox', { name: /Insight 1: title/ })).toHaveProperty(
      'value',
      'Menu is hidden',
    );
  });

  it('creates an insight from its title and opens it with the spec’s defaults', async () => {
    const fake = useFakeServer([makeInsight({ id: 1, assigned_id: 1, title: 'Menu is hidden' })]);
    renderWithProviders(<InsightsPanel test={TEST} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Menu is hidden' })).toBeTruthy();

    const input = screen.getByPlaceholderText('Enter a new Insight title');
    await user.type(input, '   {Enter}');
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(input, 'Checkout is slow{Enter}');
    expect(await screen.findByRole('textbox', { name: /Insight 2: title/ })).toHaveProperty(
      'value',
      'Checkout is slow',
    );
    // the server's '...' default shows as an empty field with a hint, not as text to delete first
    const behavior = screen.getByRole('textbox', { name: 'Behavior' });
    expect(behavior).toHaveProperty('value', '');
    expect(behavior.getAttribute('placeholder')).toBe('What participants did: clicks, scrolling, hesitation');
    expect(screen.queryByDisplayValue('...')).toBeNull();
    expect(screen.queryByText('...')).toBeNull();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
      insight: { title: 'Checkout is slow' },
    });

    await user.click(screen.getByRole('button', { name: 'Back to Insights list' }));
    expect(await screen.findByRole('button', { name: 'Checkout is slow' })).toBeTruthy();
  });

  it('on a participant page lists each insight on one line, with how many of its moments are this participant’s', async () => {
    useFakeServer([
      makeInsight({
        id: 1,
        assigned_id: 1,
        title: 'Checkout is slow',
        summary: '<p>Summary that the line leaves out</p>',
        significant_points: [
          point(31, 3000, 'Slow'),
          point(33, 9000, 'Slow too'),
          point(34, 1000, 'x', { participant: 10 }),
        ],
      }),
      makeInsight({
        id: 2,
        assigned_id: 2,
        title: 'Form errors',
        significant_points: [point(35, 1000, 'y', { participant: 10 })],
      }),
    ]);
    renderWithProviders(<InsightsPanel test={TEST} participantId={9} />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1Checkout is slow2 moments of this participant2 participants in all',
      '2Form errorsNone of this participant1 participant in all',
    ]);
    expect(screen.queryByText('Summary that the line leaves out')).toBeNull();
  });

  it('saves the fields and the participant’s linked points, shows saved, and deletes after asking', async () => {
    const fake = useFakeServer([makeInsight({ id: 2, assigned_id: 2, title: 'Form errors' })]);
    renderWithProviders(<InsightsPanel test={TEST} participantId={9} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Form errors' }));

    const title = await screen.findByRole('textbox', { name: /Insight 2: title/ });
    await user.clear(title);
    await user.type(title, 'Form errors are unclear');
    await user.clear(screen.getByRole('textbox', { name: 'EEG' }));
    await user.type(screen.getByRole('textbox', { name: 'EEG' }), 'Frustration peaks');
    await user.click(screen.getByPlaceholderText('Choose points'));
    await user.click(
      await screen.findByRole('option', { name: 'Frustration · at 0:03 · “Could not find the button”' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('saved')).toBeTruthy();
    const patch = fake.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      insight: {
        title: 'Form errors are unclear',
        eeg_comment: 'Frustration peaks',
        // fields left empty keep the '...' they were stored with
        behavior_comment: '...',
        summary: '...',
        significant_points_ids: [31],
      },
    });
    await waitFor(() => expect(screen.queryByText('saved')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No insights yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Insights PDF' })).toBeNull();
    expect(fake.calls.some((call) => call.method === 'DELETE' && call.path === '/tests/4/insights/2')).toBe(
      true,
    );
  });
});
