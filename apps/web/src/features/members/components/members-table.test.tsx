import { MESSAGES } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { MembersTable } from './members-table';

const admin = makeUser({ id: 10, role: 'company_admin', last_login: 1_700_000_000 });
const member = makeUser({
  id: 11,
  role: 'company_member',
  email: 'bob@acme.test',
  profile: { first_name: 'Bob', last_name: 'Builder', newsletter: false, language: '' },
  last_login: 0,
});

describe('MembersTable', () => {
  it('lists members with role names and last login; no actions for a member', async () => {
    useFakeApi({ 'GET /companies/5/users/': { body: [admin, member] } });
    renderWithProviders(<MembersTable viewer={member} />);

    const row = (await screen.findByText('Bob Builder')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Member')).toBeTruthy();
    expect(within(row).getAllByRole('cell')[3]?.textContent).toBe('');
    // the one date format of the app (docs/decisions/formats.md 'Formats'), not DD/MM/YY
    expect(screen.getByText(/^1[45] Nov 2023$/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Add a new member/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('gives a company admin edit, delete and Add a new member; delete asks first', async () => {
    const fake = useFakeApi({
      'GET /companies/5/users/': { body: [admin, member] },
      'DELETE /users/11': { status: 204 },
    });
    renderWithProviders(<MembersTable viewer={admin} />);

    expect((await screen.findByRole('link', { name: 'Edit Bob Builder' })).getAttribute('href')).toBe(
      '/edit-member/11',
    );
    expect(screen.getByRole('link', { name: /Add a new member/ }).getAttribute('href')).toBe('/add-member');
    expect(screen.queryByRole('button', { name: 'Delete Ada Lovelace' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Bob Builder' }));
    expect(await screen.findByText(MESSAGES.confirmRemoveUser)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(fake.calls.some((call) => call.method === 'DELETE' && call.path === '/users/11')).toBe(true),
    );
  });
});
