import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { UserForm } from './user-form';

const companies = [
  { id: 1, name: 'Demo', available_tests: 0, end_date: null, is_demo: true, is_provider: false },
  { id: 2, name: 'Limbus', available_tests: 0, end_date: null, is_demo: false, is_provider: true },
  { id: 7, name: 'Acme', available_tests: 3, end_date: '2030-01-01', is_demo: false, is_provider: false },
];
const staff = makeUser({
  role: 'company_member',
  company_id: 2,
  company: {
    id: 2,
    name: 'Limbus',
    licence_analysis: true,
    licence_research: true,
    is_demo: false,
    is_provider: true,
  },
});

async function choose(label: string, option: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}
const selectedIn = (label: string) =>
  (screen.getByRole('combobox', { name: label }) as HTMLInputElement).value;

describe('UserForm (admin)', () => {
  it('forces role Demo User when the demo company is chosen', async () => {
    useFakeApi({ 'GET /companies': { body: companies } });
    renderWithProviders(<UserForm viewer={staff} />);
    await screen.findByRole('combobox', { name: 'Company' });
    await choose('Role', 'Member');
    await choose('Company', 'Demo');

    expect(selectedIn('Role')).toBe('Demo User');
    expect(selectedIn('Company')).toBe('Demo');
  });

  it('forces the demo company when role Demo User is chosen', async () => {
    useFakeApi({ 'GET /companies': { body: companies } });
    renderWithProviders(<UserForm viewer={staff} />);
    await choose('Company', 'Acme');
    await choose('Role', 'Demo User');

    expect(selectedIn('Company')).toBe('Demo');
  });

  it('offers Super Admin only to a Super Admin', async () => {
    useFakeApi({ 'GET /companies': { body: companies } });
    const user = userEvent.setup({ delay: null });
    const first = renderWithProviders(<UserForm viewer={staff} />);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByRole('option', { name: 'Admin' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Super Admin' })).toBeNull();
    first.unmount();

    renderWithProviders(<UserForm viewer={makeUser({ ...staff, role: 'admin' })} />);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByRole('option', { name: 'Super Admin' })).toBeTruthy();
  });

  it('invites the new user with e-mail, role and company', async () => {
    const fake = useFakeApi({
      'GET /companies': { body: companies },
      'POST /users': { status: 201, body: makeUser({ id: 99 }) },
    });
    const { router } = renderWithProviders(<UserForm viewer={staff} />, { path: '/admin/users/new' });
    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('textbox', { name: 'E-mail' }), 'new@acme.test');
    await choose('Company', 'Acme');
    await choose('Role', 'Admin');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Elsewhere');
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'new@acme.test',
      role: 'company_admin',
      company_id: 7,
    });
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('shows whose account is edited: the e-mail and the last sign-in', async () => {
    useFakeApi({ 'GET /companies': { body: companies } });
    const edited = makeUser({ id: 31, email: 'claire@acme.test', company_id: 7, last_login: 1_795_000_000 });
    renderWithProviders(<UserForm viewer={staff} user={edited} />);
    expect(await screen.findByRole('link', { name: 'claire@acme.test' })).toHaveProperty(
      'href',
      'mailto:claire@acme.test',
    );
    expect(screen.getByText('18 Nov 2026')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull();
  });
});
