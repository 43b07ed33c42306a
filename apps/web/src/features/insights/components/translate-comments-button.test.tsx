import { aiModelNeeded } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { TranslateCommentsButton } from './translate-comments-button';

const test = { id: 4, translation: 'Dutch', translation_language: 'English' };
const usage = (languageModel: boolean) => ({
  company_id: 5,
  month: '2026-11',
  used_tokens: 0,
  calls: 0,
  budget_tokens: 2_000_000,
  insight_language: 'Dutch',
  language_model: languageModel,
});

describe('TranslateCommentsButton (issue 26)', () => {
  it('is disabled with the offline provider, saying that translation needs a model and how to set AI_PROVIDER', async () => {
    const fake = useFakeApi({ 'GET /tests/4/ai/usage': { body: usage(false) } });
    renderWithProviders(<TranslateCommentsButton test={test} />);
    const note = await screen.findByText(aiModelNeeded('translation'));
    expect(note.textContent).toContain('AI_PROVIDER=openai');
    const button = screen.getByRole('button', { name: 'Translate comments into English' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('translates a batch with a language model and says how many', async () => {
    const fake = useFakeApi({
      'GET /tests/4/ai/usage': { body: usage(true) },
      'POST /tests/4/ai/translations': {
        body: { translated: 2, remaining: 3, language: 'English', usage: usage(true) },
      },
    });
    renderWithProviders(<TranslateCommentsButton test={test} />);
    const button = screen.getByRole('button', { name: 'Translate comments into English' });
    await vi.waitFor(() => expect(fake.calls.some((call) => call.path === '/tests/4/ai/usage')).toBe(true));
    expect(screen.queryByText(/AI_PROVIDER/)).toBeNull();
    await userEvent.setup().click(button);
    expect(await screen.findByText('2 translated, 3 still without a translation.')).toBeTruthy();
  });

  it('shows the server’s refusal when the provider turns out to be offline', async () => {
    useFakeApi({
      'GET /tests/4/ai/usage': { status: 500, body: { code: 'internal', message: 'x' } },
      'POST /tests/4/ai/translations': {
        status: 409,
        body: { code: 'ai_not_configured', message: aiModelNeeded('translation') },
      },
    });
    renderWithProviders(<TranslateCommentsButton test={test} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Translate comments into English' }));
    expect(await screen.findByText(aiModelNeeded('translation'))).toBeTruthy();
  });
});
