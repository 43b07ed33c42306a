import { MESSAGES } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readToken, readUser } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SignInForm, SLOW_SIGN_IN_MS } from './sign-in-form';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  it('requires a valid e-mail and a password', async () => {
    useFakeApi({});
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await signIn('nope', '');

    expect(screen.getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText(MESSAGES.required)).toBeTruthy();
  });

  it('stores the bearer token and the user, then hands the user on', async () => {
    const account = makeUser({ role: 'demo' });
    useFakeApi({ 'POST /tokens': { body: { access_token: 'jwt', user: account } } });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    await signIn('ada@acme.test', 'secret1');

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(account));
    expect(readToken()).toBe('Bearer jwt');
    expect(readUser()).toEqual(account);
  });

  it('shows a contract error under the heading and on the e-mail field', async () => {
    useFakeApi({
      'POST /tokens': {
        status: 403,
        body: {
          code: 'forbidden',
          message: 'No contract',
          errors: { contract: ['Your company has', 'no contract.'] },
        },
      },
    });
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await signIn('ada@acme.test', 'secret1');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your company has no contract.')).toBeTruthy();
    expect(screen.getAllByText('Your company has no contract.')).toHaveLength(2);
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a wrong password on the password field', async () => {
    useFakeApi({
      'POST /tokens': {
        status: 401,
        body: {
          code: 'unauthenticated',
          message: 'Wrong',
          errors: { password: [MESSAGES.invalidCredentials] },
        },
      },
    });
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await signIn('ada@acme.test', 'wrong-one');

    expect(await screen.findByText(MESSAGES.invalidCredentials)).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('says why a slowed-down sign-in takes longer while it waits (issue 28, finding 9)', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    useFakeApi({
      'POST /tokens': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await signIn('ada@acme.test', 'wrong-one');

    expect(screen.queryByRole('status')).toBeNull();
    const hint = await screen.findByRole('status', {}, { timeout: SLOW_SIGN_IN_MS + 2000 });
    expect(hint.textContent).toContain('each further try waits');
    answer({
      status: 401,
      body: {
        code: 'unauthenticated',
        message: 'Wrong',
        errors: { password: [MESSAGES.invalidCredentials] },
      },
    });
    expect(await screen.findByText(MESSAGES.invalidCredentials)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
