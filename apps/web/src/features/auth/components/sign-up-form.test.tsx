import { MESSAGES } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SignUpForm } from './sign-up-form';

async function fill(fields: Partial<Record<string, string>>) {
  const user = userEvent.setup({ delay: null });
  for (const [label, value] of Object.entries(fields)) {
    if (value) await user.type(screen.getByLabelText(label, { exact: true }), value);
  }
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

const valid = {
  'First name': 'Grace',
  'Last name': 'Hopper',
  'E-mail': 'grace@navy.test',
  Password: 'cobol-1959',
  'Re-enter password': 'cobol-1959',
};

describe('SignUpForm', () => {
  it('shows the required message on every empty field and sends nothing', async () => {
    const fake = useFakeApi({});
    renderWithProviders(<SignUpForm />);
    await fill({});

    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(5);
    expect(fake.calls).toHaveLength(0);
  });

  it('explains an invalid e-mail and a short password', async () => {
    const fake = useFakeApi({});
    renderWithProviders(<SignUpForm />);
    await fill({ ...valid, 'E-mail': 'grace-at-navy', Password: 'abc', 'Re-enter password': 'abc' });

    expect(screen.getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeTruthy();
    expect(fake.calls).toHaveLength(0);
  });

  it('does nothing but show the mismatch when the passwords differ', async () => {
    const fake = useFakeApi({});
    renderWithProviders(<SignUpForm />);
    await fill({ ...valid, 'Re-enter password': 'cobol-1960' });

    expect(screen.getByText(MESSAGES.passwordMismatch)).toBeTruthy();
    expect(fake.calls).toHaveLength(0);
  });

  it('shows server errors on the fields of the same name', async () => {
    useFakeApi({
      'POST /signup': {
        status: 400,
        body: {
          code: 'validation',
          message: 'Some fields are not valid',
          errors: { email: ['This e-mail cannot be used'], first_name: ['Too long'] },
        },
      },
    });
    renderWithProviders(<SignUpForm />);
    await fill(valid);

    const email = await screen.findByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This e-mail cannot be used')).toBeTruthy();
    expect(screen.getByText('Too long')).toBeTruthy();
  });

  it('sends the sign-up and then says a validation e-mail was sent', async () => {
    const fake = useFakeApi({ 'POST /signup': { status: 201, body: { message: 'sent' } } });
    renderWithProviders(<SignUpForm />);
    await fill(valid);

    expect(await screen.findByText(MESSAGES.signupSent)).toBeTruthy();
    expect(fake.calls[0]?.body).toEqual({
      email: 'grace@navy.test',
      password: 'cobol-1959',
      password2: 'cobol-1959',
      profile: { first_name: 'Grace', last_name: 'Hopper', newsletter: false },
    });
  });
});
