import { MESSAGES } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { NewCompanyForm } from './new-company-form';

const research = {
  id: 2,
  name: 'Limbus',
  licence_analysis: true,
  licence_research: true,
  is_demo: false,
  is_provider: true,
};
const users = [
  makeUser({
    id: 1,
    role: 'demo',
    email: 'demo@x.test',
    profile: { first_name: 'Dee', last_name: 'Mo', newsletter: false, language: '' },
  }),
  makeUser({
    id: 2,
    role: 'admin',
    email: 'root@limbus.test',
    company: research,
    profile: { first_name: 'Sue', last_name: 'Per', newsletter: false, language: '' },
  }),
  makeUser({
    id: 3,
    role: 'company_member',
    email: 'res@limbus.test',
    company: research,
    profile: { first_name: 'Rea', last_name: 'Search', newsletter: false, language: '' },
  }),
  makeUser({
    id: 4,
    role: 'company_member',
    email: 'client@acme.test',
    profile: { first_name: 'Cli', last_name: 'Ent', newsletter: false, language: '' },
  }),
];
const countries = [{ id: 150, name: 'Netherlands', code: 'NL' }];

async function choose(label: string, option: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillAll() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Acme');
  await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Main street 1');
  await user.type(screen.getByRole('textbox', { name: 'Postal code' }), '1000 AA');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Amsterdam');
  await choose('Country', 'Netherlands');
  await choose('Company admin', 'Dee Mo (demo@x.test)');
  await choose('Consultant', 'Sue Per (root@limbus.test)');
  await choose('Account manager', 'Rea Search (res@limbus.test)');
}

describe('NewCompanyForm', () => {
  it('offers demo users as admin, staff as consultant, and keeps Save disabled until all is set', async () => {
    useFakeApi({ 'GET /users': { body: users }, 'GET /countries': { body: countries } });
    renderWithProviders(<NewCompanyForm />);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Consultant' }));
    expect(await screen.findByRole('option', { name: 'Rea Search (res@limbus.test)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Cli Ent (client@acme.test)' })).toBeNull();
    await user.keyboard('{Escape}');

    await fillAll();
    expect(save.disabled).toBe(false);

    await choose('Company admin', 'Create new user');
    expect(save.disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'E-mail of the new admin' }), 'boss@acme.test');
    expect(save.disabled).toBe(false);
  });

  it('says the name is taken when the server says so', async () => {
    const fake = useFakeApi({
      'GET /users': { body: users },
      'GET /countries': { body: countries },
      'POST /companies': {
        status: 409,
        body: { code: 'conflict', message: 'Taken', errors: { name: ['taken'] } },
      },
    });
    renderWithProviders(<NewCompanyForm />);
    await screen.findByRole('combobox', { name: 'Country' });
    await fillAll();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.companyNameTaken)).toBeTruthy();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
      company: {
        name: 'Acme',
        address: 'Main street 1',
        postal_code: '1000 AA',
        city: 'Amsterdam',
        country_id: 150,
        admin_id: 1,
        consultant_id: 2,
        business_developer_id: 3,
      },
    });
  });
});
