import type { AiUsage, InsightGeneration, InsightProposal } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { InsightsWizard } from './insights-wizard';

const usage: AiUsage = {
  company_id: 2,
  month: '2026-11',
  used_tokens: 0,
  calls: 0,
  budget_tokens: 2_000_000,
  insight_language: 'Dutch',
};

const proposal: InsightProposal = {
  tag: { id: 3, name: 'Checkout', description: '' },
  focus_point: '',
  language: 'Dutch',
  proposal: {
    title: 'Checkout: vooral frustratie',
    main_emotions: ['frustratie'],
    summary: 'Samenvatting',
    answer_to_research_question: 'Antwoord',
    common_factors: [],
    suggestions: [],
  },
  points: [],
  participants_total: 2,
  dropped_claims: 0,
  participants_left_out: 0,
  left_out_message: null,
  usage,
};

const generation = (overrides: Partial<InsightGeneration>): InsightGeneration => ({
  id: 11,
  test_id: 7,
  tag_id: 3,
  focus_point: '',
  state: 'queued',
  attempts: 0,
  created_at: 1_795_838_000,
  updated_at: 1_795_838_000,
  result: null,
  error: null,
  ...overrides,
});

/** The test's one tag; POST queues generation 11, whose GETs answer `states` in turn (the last one repeats). */
function useGenerationServer(states: InsightGeneration[]) {
  const polls: FakeCall[] = [];
  const fake = useFakeApi({
    'GET /tests/7/tags': {
      body: {
        tags: [
          {
            id: 3,
            name: 'Checkout',
            description: '',
            count: 2,
            sps: [],
            participants: 2,
            significant_points: [],
          },
        ],
      },
    },
    'GET /tests/7/ai/usage': { body: usage },
    'POST /tests/7/ai/insights': { status: 202, body: generation({}) },
    'GET /tests/7/ai/insights/11': (call) => {
      polls.push(call);
      return { body: states[Math.min(polls.length, states.length) - 1] };
    },
  });
  return { polls, calls: fake.calls };
}

async function generate() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<InsightsWizard testId={7} />);
  await user.click(await screen.findByRole('checkbox', { name: 'Checkout' }));
  await user.click(screen.getByRole('button', { name: 'Generate insights' }));
}

describe('InsightsWizard generation', () => {
  it('queues each tag, shows the job writing with the elapsed time while it polls, then the proposal is ready', async () => {
    const { polls, calls } = useGenerationServer([
      generation({ state: 'running', attempts: 1 }),
      generation({ state: 'done', attempts: 1, result: proposal }),
    ]);
    await generate();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ tag_id: 3 });
    const run = await screen.findByTestId('run-3');
    await screen.findByText(/^Writing the insight… · \d+ s$/);
    await screen.findByText('Ready to review');
    expect(run.textContent).toBe('Ready to review');
    expect(polls).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Review the proposal' })).toBeTruthy();
  });

  it('says in the proposal how many participants it left out for want of consent to AI processing', async () => {
    const message = '2 participants are left out: they did not consent to AI processing.';
    useGenerationServer([
      generation({
        state: 'done',
        attempts: 1,
        result: { ...proposal, participants_left_out: 2, left_out_message: message },
      }),
    ]);
    await generate();
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Review the proposal' }));
    expect((await screen.findByRole('note')).textContent).toBe(message);
  });

  it('says a run was taken up again after an interruption', async () => {
    useGenerationServer([generation({ state: 'running', attempts: 2 })]);
    await generate();
    expect(await screen.findByText(/^Writing the insight again after an interruption…/)).toBeTruthy();
  });

  it('shows a failed generation’s reason, which says what to do, and offers Try again', async () => {
    const message = 'The AI service is busy (status 429). Wait a minute and try again.';
    useGenerationServer([
      generation({ state: 'failed', attempts: 1, error: { code: 'ai_unavailable', message } }),
    ]);
    await generate();
    expect(await screen.findByText(`Failed: ${message}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
