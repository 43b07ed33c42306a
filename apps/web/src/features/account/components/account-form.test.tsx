import { MESSAGES } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readToken, readUser, storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { AccountForm } from './account-form';

describe('AccountForm', () => {
  it('shows e-mail and role read only, and a name change updates the stored user', async () => {
    const account = makeUser();
    storeSession('jwt', account);
    const fake = useFakeApi({
      'PATCH /users/10': { body: { ...account, profile: { ...account.profile, first_name: 'Augusta' } } },
    });
    renderWithProviders(<AccountForm user={account} />);

    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Role' }) as HTMLInputElement).value).toBe('Admin');

    const user = userEvent.setup();
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MESSAGES.required)).toBeTruthy();

    await user.type(firstName, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(readUser()?.profile.first_name).toBe('Augusta'));
    expect(fake.calls[0]?.body).toEqual({
      profile: { first_name: 'Augusta', last_name: 'Lovelace', language: '' },
    });
  });

  it('keeps the language participants’ words are read in: the browser’s until chosen (issue 26)', async () => {
    const account = makeUser();
    storeSession('jwt', account);
    const fake = useFakeApi({
      'PATCH /users/10': { body: { ...account, profile: { ...account.profile, language: 'nl' } } },
    });
    renderWithProviders(<AccountForm user={account} />);
    const language = screen.getByRole('combobox', { name: 'Language of participants’ words' });
    // The test DOM's browser speaks English.
    expect((language as HTMLInputElement).value).toBe('Your browser’s language (English)');

    const user = userEvent.setup();
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'Dutch (Nederlands)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(readUser()?.profile.language).toBe('nl'));
    expect(fake.calls[0]?.body).toEqual({
      profile: { first_name: 'Ada', last_name: 'Lovelace', language: 'nl' },
    });
  });

  it('logs out: DELETE /tokens, session cleared, back to /signup', async () => {
    const account = makeUser();
    storeSession('jwt', account);
    const fake = useFakeApi({ 'DELETE /tokens': { status: 204 } });
    const { router } = renderWithProviders(<AccountForm user={account} />, { path: '/account' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(fake.calls[0]).toMatchObject({ method: 'DELETE', path: '/tokens' });
    expect(readToken()).toBeNull();
  });
});
