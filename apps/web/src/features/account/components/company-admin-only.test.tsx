import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CompanyAdminOnly } from './company-admin-only';

function renderGate() {
  return renderWithProviders(
    <CompanyAdminOnly title="Audit log" refusal="The audit log is for company admins.">
      {(companyId) => <p>Company {companyId}</p>}
    </CompanyAdminOnly>,
  );
}

describe('CompanyAdminOnly', () => {
  it('shows a company admin the page of their own company', async () => {
    const user = makeUser({ role: 'company_admin', company_id: 5 });
    useFakeApi({ 'GET /users/me': { body: user } });
    storeSession('jwt', user);
    renderGate();
    expect(await screen.findByText('Company 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeTruthy();
  });

  it('tells a company member the page is for admins, without the content', async () => {
    const user = makeUser({ role: 'company_member', company_id: 5 });
    useFakeApi({ 'GET /users/me': { body: user } });
    storeSession('jwt', user);
    renderGate();
    expect(await screen.findByText('The audit log is for company admins.')).toBeTruthy();
    expect(screen.queryByText('Company 5')).toBeNull();
  });
});
