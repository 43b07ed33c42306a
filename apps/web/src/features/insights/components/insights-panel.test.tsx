import type { Insight, SignificantPoint } from '@limbus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { InsightsPanel } from './insights-panel';

const START = 1_767_000_000;
const point = (id: number, offsetMs: number, comment: string): SignificantPoint => ({
  id,
  emotion: 'frustration',
  timestamp_top: START * 1000 + offsetMs,
  comment,
  translation: '',
  false_positive: false,
  tags: [],
  ranking: 0,
  score: 1,
  participant_id: 9,
});

function insightOf(overrides: Partial<Insight>): Insight {
  return {
    id: 1,
    test_id: 4,
    assigned_id: 1,
    title: 'Insight',
    behavior_comment: '...',
    eeg_comment: '...',
    eye_tracking_comment: '...',
    touch_tracking_comment: '...',
    explanation: '...',
    summary: '...',
    suggestion: '',
    focus_point: '',
    highlight_id: null,
    highlight_url: null,
    significant_points_ids: [],
    significant_points: [],
    ...overrides,
  };
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
      const created = insightOf({ id: 50 + insights.length, assigned_id: insights.length + 1, title });
      insights.push(created);
      return { status: 201, ...reply(created) };
    },
    'PATCH /tests/4/insights/2': (call: FakeCall) => {
      const changes = (call.body as { insight: Partial<Insight> }).insight;
      const ids = changes.significant_points_ids ?? [];
      const changed = {
        ...insightOf({ id: 2, assigned_id: 2 }),
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
  it('creates an insight from its title and opens it with the spec’s defaults', async () => {
    const fake = useFakeServer([insightOf({ id: 1, assigned_id: 1, title: 'Menu is hidden' })]);
    renderWithProviders(<InsightsPanel testId={4} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: /1\. Menu is hidden/ })).toBeTruthy();

    const input = screen.getByPlaceholderText('Enter a new Insight title');
    await user.type(input, '   {Enter}');
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(input, 'Checkout is slow{Enter}');
    expect(await screen.findByRole('textbox', { name: /Insight 2: title/ })).toHaveProperty(
      'value',
      'Checkout is slow',
    );
    expect(screen.getByRole('textbox', { name: 'Behavior' })).toHaveProperty('value', '...');
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
      insight: { title: 'Checkout is slow' },
    });

    await user.click(screen.getByRole('button', { name: 'Back to Insights list' }));
    expect(await screen.findByRole('button', { name: /2\. Checkout is slow/ })).toBeTruthy();
  });

  it('saves the fields and the participant’s linked points, shows saved, and deletes after asking', async () => {
    const fake = useFakeServer([insightOf({ id: 2, assigned_id: 2, title: 'Form errors' })]);
    renderWithProviders(<InsightsPanel testId={4} participantId={9} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /2\. Form errors/ }));

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
        significant_points_ids: [31],
      },
    });
    await waitFor(() => expect(screen.queryByText('saved')).toBeNull(), { timeout: 4000 });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No insights yet.')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'DELETE' && call.path === '/tests/4/insights/2')).toBe(
      true,
    );
  });
});
