import type { Insight } from '@limbus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { InsightsPanel } from './insights-panel';

const insight: Insight = {
  id: 7,
  test_id: 4,
  assigned_id: 1,
  title: 'Payment is hard',
  behavior_comment: '...',
  eeg_comment: '...',
  eye_tracking_comment: '...',
  touch_tracking_comment: '...',
  explanation: '<p>My own words</p>',
  summary: '...',
  suggestion: '',
  focus_point: '',
  highlight_id: null,
  highlight_url: null,
  evidence_withdrawn_at: null,
  significant_points_ids: [],
  significant_points: [],
};

type Answer = { status?: number; body: unknown };
type Reply = Answer | (() => Promise<Answer>);

/** The test's one insight, and AI answers per field (text by default). */
function useFakeServer(answers: Partial<Record<string, Reply>> = {}) {
  return useFakeApi({
    'GET /tests/4/insights': { body: { data: { insights: [insight] } } },
    'PATCH /tests/4/insights/7': (call: FakeCall) => ({
      body: { data: { ...insight, ...(call.body as { insight: Partial<Insight> }).insight } },
    }),
    ...Object.fromEntries(
      ['explanation', 'summary', 'suggestion'].map((field) => [
        `POST /tests/4/insights/7/ai/${field}`,
        answers[field] ?? { body: { text: `<p>Generated ${field} from 3 points</p>` } },
      ]),
    ),
  });
}

const aiCalls = (fake: ReturnType<typeof useFakeServer>) =>
  fake.calls.filter((call) => call.path.includes('/ai/'));

async function openInsight() {
  const user = userEvent.setup();
  renderWithProviders(<InsightsPanel test={makeTestDetail({ id: 4 })} />);
  await user.click(await screen.findByRole('button', { name: 'Payment is hard' }));
  await screen.findByRole('textbox', { name: 'Summary' });
  return user;
}

describe('generating insight text', () => {
  it('fills a field holding only the placeholder at once, and saves it with the insight', async () => {
    let answer = (_: Answer) => {};
    const fake = useFakeServer({
      summary: () =>
        new Promise<Answer>((resolve) => {
          answer = resolve;
        }),
    });
    const user = await openInsight();
    await user.click(screen.getByRole('button', { name: 'Generate summary' }));
    expect(await screen.findByText('Writing the summary from the saved insight…')).toBeTruthy();
    answer({ body: { text: '<p>Generated summary from 3 points</p>' } });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Summary' }).textContent).toBe(
        'Generated summary from 3 points',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(aiCalls(fake).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /tests/4/insights/7/ai/summary',
    ]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('saved');
    expect(fake.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      insight: { summary: '<p>Generated summary from 3 points</p>', explanation: '<p>My own words</p>' },
    });
  });

  it('asks before overwriting existing text, and keeps it when cancelled', async () => {
    const fake = useFakeServer();
    const user = await openInsight();
    const explanation = screen.getByRole('textbox', { name: 'Explanation' });
    expect(explanation.textContent).toBe('My own words');

    await user.click(screen.getByRole('button', { name: 'Generate explanation' }));
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('This will overwrite your existing explanation. Do you want to proceed?'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(aiCalls(fake)).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Explanation' }).textContent).toBe('My own words');

    await user.click(screen.getByRole('button', { name: 'Generate explanation' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Explanation' }).textContent).toBe(
        'Generated explanation from 3 points',
      ),
    );
    expect(aiCalls(fake).map((call) => call.path)).toEqual(['/tests/4/insights/7/ai/explanation']);
  });

  it('shows why generating failed and what to do, and leaves the field as it was', async () => {
    useFakeServer({
      suggestion: {
        status: 502,
        body: {
          code: 'ai_failed',
          message: 'The AI service did not answer within 60 s. Try again, or write the text yourself.',
        },
      },
    });
    const user = await openInsight();
    await user.click(screen.getByRole('button', { name: 'Generate suggestion' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The suggestion could not be generated')).toBeTruthy();
    expect(within(alert).getByText(/Try again, or write the text yourself\./)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Suggestion' }).textContent).toBe('');
  });
});
