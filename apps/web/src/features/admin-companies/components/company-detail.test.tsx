import { type Company, type Contract, MESSAGES } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CompanyDetail } from './company-detail';

const contract: Contract = {
  id: 31,
  start_date: '2024-01-01',
  end_date: '2999-12-31',
  endDate: '2999-12-31',
  is_active: true,
  comments: '',
  company_id: 7,
  available_tests: { essential: 2, professional: 3 },
  bundles: [
    {
      id: 41,
      test_type: 'professional',
      tests: 3,
      requested: 0,
      comments: '',
      contract_id: 31,
      created_at: 2,
    },
    { id: 42, test_type: 'essential', tests: 2, requested: 0, comments: '', contract_id: 31, created_at: 1 },
  ],
};
const company = (contracts: Contract[]): Company => ({
  id: 7,
  name: 'Acme',
  address: 'Main street 1',
  postal_code: '1000 AA',
  city: 'Amsterdam',
  country_id: 150,
  country: { name: 'Netherlands' },
  admin_id: null,
  admin: null,
  consultant_id: null,
  consultant: null,
  business_developer_id: null,
  business_developer: null,
  licence_analysis: false,
  licence_research: false,
  is_demo: false,
  contracts,
  contract: contracts[0] ?? null,
});

describe('CompanyDetail', () => {
  it('without a contract offers Months and Add contract', async () => {
    const fake = useFakeApi({
      'GET /companies/7': { body: company([]) },
      'POST /contracts': { status: 201, body: contract },
    });
    renderWithProviders(<CompanyDetail companyId={7} />);

    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeTruthy();
    expect(screen.getByText('Not active')).toBeTruthy();
    const months = screen.getByRole('textbox', { name: 'Months' });
    const user = userEvent.setup({ delay: null });
    await user.clear(months);
    await user.type(months, '6');
    await user.click(screen.getByRole('button', { name: 'Add contract' }));
    await vi.waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ company_id: 7, months: 6 }),
    );
  });

  it('shows status, tests left, contracts and bundles; adds products and renews', async () => {
    const fake = useFakeApi({
      'GET /companies/7': { body: company([contract]) },
      'GET /companies/7/ai': {
        body: {
          company_id: 7,
          month: '2026-11',
          used_tokens: 0,
          calls: 0,
          budget_tokens: 2_000_000,
          insight_language: 'Dutch',
        },
      },
      'POST /bundles': { status: 201, body: {} },
      'POST /contracts/31/renew': { body: contract },
    });
    renderWithProviders(<CompanyDetail companyId={7} />);

    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.getByText('5')).toBeTruthy();
    expect(screen.getByText('31 Dec 2999')).toBeTruthy();
    expect(screen.getByText('2 Essential · 3 Professional')).toBeTruthy();
    expect(await screen.findByText('0 of 2,000,000 tokens (0 %)')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add products' }));
    const form = screen.getByRole('form', { name: 'Add products' });
    expect((within(form).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('1');
    expect((within(form).getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe(
      'Professional',
    );
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await vi.waitFor(() =>
      expect(fake.calls.find((call) => call.path === '/bundles')?.body).toEqual({
        contract_id: 31,
        test_type: 'professional',
        tests: 1,
      }),
    );

    await user.click(screen.getByRole('button', { name: /^Renew contract/ }));
    const months = screen.getByRole('textbox', { name: 'Months' });
    await user.clear(months);
    await user.type(months, '3');
    await user.click(screen.getByRole('button', { name: 'Add 3 months' }));
    await vi.waitFor(() =>
      expect(fake.calls.find((call) => call.path === '/contracts/31/renew')?.body).toEqual({ months: 3 }),
    );
  });

  it('asks before deleting a bundle', async () => {
    const fake = useFakeApi({
      'GET /companies/7': { body: company([contract]) },
      'DELETE /bundles/42': { status: 204 },
    });
    renderWithProviders(<CompanyDetail companyId={7} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete bundle of 2 Essential' }));
    expect(await screen.findByText(MESSAGES.confirmRemoveBundle)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
