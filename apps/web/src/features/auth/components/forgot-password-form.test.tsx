import { MESSAGES } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ForgotPasswordForm } from './forgot-password-form';

async function send(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe('ForgotPasswordForm', () => {
  it('asks for a link for the typed address, trimmed, and says one is on its way', async () => {
    const fake = useFakeApi({ 'GET /password_reset': { body: { ok: true } } });
    renderWithProviders(<ForgotPasswordForm />);
    await send('  ada@acme.test ');

    expect(await screen.findByText(MESSAGES.resetSent)).toBeTruthy();
    expect(fake.calls[0]?.url).toMatch(/[?&]email=ada%40acme\.test(&|$)/);
  });

  it("checks nothing itself and shows the server's refusal", async () => {
    useFakeApi({
      'GET /password_reset': {
        status: 400,
        body: { code: 'invalid', message: 'Enter a valid e-mail address' },
      },
    });
    renderWithProviders(<ForgotPasswordForm />);
    await send('nope');

    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid e-mail address');
  });
});
