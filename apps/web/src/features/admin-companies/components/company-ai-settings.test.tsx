import type { AiUsage } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CompanyAiSettings, validateAiSettings } from './company-ai-settings';

const usage = (overrides: Partial<AiUsage> = {}): AiUsage => ({
  company_id: 7,
  month: '2026-11',
  used_tokens: 1_234_567,
  calls: 42,
  budget_tokens: 2_000_000,
  insight_language: 'Dutch',
  ...overrides,
});

/** A server that keeps what was saved: GET answers the last PATCH's values. */
function useSettingsServer(start: AiUsage) {
  let current = start;
  const patches: FakeCall[] = [];
  useFakeApi({
    'GET /companies/7/ai': () => ({ body: current }),
    'PATCH /companies/7/ai': (call) => {
      patches.push(call);
      const body = call.body as { insight_language: string; monthly_token_budget: number };
      current = {
        ...current,
        insight_language: body.insight_language,
        budget_tokens: body.monthly_token_budget,
      };
      return { body: current };
    },
  });
  return { patches };
}

const budgetInput = () => screen.getByRole('textbox', { name: /Monthly token budget/ }) as HTMLInputElement;

describe('CompanyAiSettings', () => {
  it('shows this month’s use with thousands separators, saves language and budget, then says Saved', async () => {
    const { patches } = useSettingsServer(usage());
    renderWithProviders(<CompanyAiSettings companyId={7} />);

    const section = await screen.findByRole('region', { name: 'AI text' });
    expect(await within(section).findByText('1,234,567 of 2,000,000 tokens (62 %)')).toBeTruthy();
    expect(within(section).getByText('Used in November 2026')).toBeTruthy();
    expect(within(section).getByText('42')).toBeTruthy();
    expect(budgetInput().value).toBe('2,000,000');
    expect((screen.getByRole('combobox', { name: 'Insight language' }) as HTMLInputElement).value).toBe(
      'Dutch (Nederlands)',
    );
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const user = userEvent.setup({ delay: null });
    const language = screen.getByRole('combobox', { name: 'Insight language' });
    await user.clear(language);
    await user.type(language, 'Deutsch');
    await user.click(await screen.findByRole('option', { name: 'German (Deutsch)' }));
    await user.clear(budgetInput());
    await user.type(budgetInput(), '5000000');
    expect(budgetInput().value).toBe('5,000,000');
    await user.click(save);

    await vi.waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({ insight_language: 'German', monthly_token_budget: 5_000_000 });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(within(section).getByText('1,234,567 of 5,000,000 tokens (25 %)')).toBeTruthy();
    expect(save.disabled).toBe(true);

    await user.type(budgetInput(), '0');
    expect(screen.queryByText('Saved')).toBeNull();
    expect(save.disabled).toBe(false);
  });

  it('explains a missing or negative budget and sends nothing', async () => {
    const { patches } = useSettingsServer(usage());
    renderWithProviders(<CompanyAiSettings companyId={7} />);
    await screen.findByRole('region', { name: 'AI text' });
    const user = userEvent.setup({ delay: null });

    await user.clear(await screen.findByRole('textbox', { name: /Monthly token budget/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a monthly budget in tokens: 0 or more')).toBeTruthy();

    await user.type(budgetInput(), '-5');
    expect(screen.queryByText('Enter a monthly budget in tokens: 0 or more')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The budget cannot be below 0 tokens')).toBeTruthy();
    expect(patches).toHaveLength(0);
  });

  it('warns when the month’s budget is used up, and says when the settings cannot be loaded', async () => {
    useSettingsServer(usage({ used_tokens: 2_100_000 }));
    const { unmount } = renderWithProviders(<CompanyAiSettings companyId={7} />);
    expect(await screen.findByText(/The budget is used up/)).toBeTruthy();
    expect(screen.getByText('2,100,000 of 2,000,000 tokens (100 %)')).toBeTruthy();
    unmount();

    useFakeApi({ 'GET /companies/7/ai': { status: 404, body: { code: 'not_found', message: 'Not found' } } });
    renderWithProviders(<CompanyAiSettings companyId={7} />);
    expect(await screen.findByText('The AI settings could not be loaded')).toBeTruthy();
  });

  it('shows the server’s field message when it refuses a value', async () => {
    useFakeApi({
      'GET /companies/7/ai': { body: usage() },
      'PATCH /companies/7/ai': {
        status: 400,
        body: {
          code: 'validation',
          message: 'Check the fields',
          errors: { monthly_token_budget: ['At most 1,000,000,000'] },
        },
      },
    });
    renderWithProviders(<CompanyAiSettings companyId={7} />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Monthly token budget/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 1,000,000,000')).toBeTruthy();
  });
});

describe('validateAiSettings', () => {
  it('asks for a language and a whole budget from 0 to a billion', () => {
    expect(validateAiSettings({ language: 'Dutch', budget: 0 })).toEqual({});
    expect(validateAiSettings({ language: '', budget: 1 }).language).toBe(
      'Choose the language insights are written in',
    );
    expect(validateAiSettings({ language: 'Dutch', budget: 1_000_000_001 }).budget).toBe(
      'The budget can be at most 1,000,000,000 tokens',
    );
  });
});
