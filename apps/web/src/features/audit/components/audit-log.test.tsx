import type { AuditEntry, AuditVerification } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { AuditLog } from './audit-log';

const AT = Date.UTC(2026, 10, 24, 14, 5) / 1000;

const entry = (seq: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  seq,
  at: AT,
  actor: { id: 3, label: 'staff@limbus.test' },
  company: { id: 7, name: 'Acme Running' },
  test: { id: 40, name: 'Checkout' },
  participant: { subject: 'a1b2c3', label: 'P0002' },
  action: 'recording_viewed',
  detail: {},
  address: '10.0.0.7',
  ...overrides,
});

const intact: AuditVerification = {
  entries: 51,
  is_intact: true,
  broken_at: null,
  reason: 'The audit trail is intact: every entry is in the chain, unaltered.',
  checked_at: AT,
};

function useAuditServer(verification: AuditVerification = intact) {
  const lists: FakeCall[] = [];
  const fake = useFakeApi({
    'GET /audit': (call) => {
      lists.push(call);
      const before = new URL(call.url, 'http://x').searchParams.get('before');
      if (before === null)
        return {
          body: {
            data: Array.from({ length: 50 }, (_, i) => entry(51 - i)),
            next_before: 2,
          },
        };
      return {
        body: {
          data: [
            entry(1, {
              action: 'retention_applied',
              actor: { id: null, label: 'Limbus (automatic)' },
              participant: { subject: 'ff00', label: null },
              address: null,
              detail: { recordings: 3 },
            }),
          ],
          next_before: null,
        },
      };
    },
    'GET /audit/verification': { body: { data: verification } },
    'GET /companies': {
      body: [{ id: 7, name: 'Acme Running', available_tests: 1, end_date: null, is_demo: false }],
    },
  });
  return { lists, fake };
}

describe('AuditLog', () => {
  it('shows staff the chain check and the entries, and loads more until the first', async () => {
    const { lists } = useAuditServer();
    renderWithProviders(<AuditLog companyId={null} />);

    const chain = await screen.findByRole('region', { name: 'Chain verification' });
    expect(await within(chain).findByText(/The audit trail is intact/)).toBeTruthy();
    expect(within(chain).getByText(/51 entries checked/)).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Audit trail entries' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByText('Viewed a recording')).toHaveLength(50);
    expect(within(table).getAllByText('Acme Running').length).toBeGreaterThan(0);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Removed data by the retention policy')).toBeTruthy();
    expect(within(table).getByText('Erased (ff00)')).toBeTruthy();
    expect(within(table).getByText('System')).toBeTruthy();
    expect(screen.getByText('51 entries, all shown')).toBeTruthy();
    expect(new URL(lists.at(-1)?.url ?? '', 'http://x').searchParams.get('before')).toBe('2');
  });

  it('says clearly when the chain is broken', async () => {
    useAuditServer({
      ...intact,
      is_intact: false,
      broken_at: 12,
      reason: 'Entry 12 was altered: its hash does not match its content.',
    });
    renderWithProviders(<AuditLog companyId={null} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Broken.*Entry 12 was altered/);
  });

  it('sends the filters, and refuses a last day before the first without asking', async () => {
    const { lists } = useAuditServer();
    renderWithProviders(<AuditLog companyId={null} />);
    await screen.findByRole('table', { name: 'Audit trail entries' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Test number' }), '40');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.type(from, '2026-11-20');
    await user.type(to, '2026-11-01');
    const asked = lists.length;
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('The last day is before the first')).toBeTruthy();
    expect(lists).toHaveLength(asked);

    await user.clear(to);
    await user.type(to, '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByRole('table', { name: 'Audit trail entries' });
    const query = new URL(lists.at(-1)?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ test_id: '40', from: '2026-11-20', to: '2026-11-30' });
  });

  it('shows a company admin their own company’s entries, without the chain check or a company filter', async () => {
    const { lists, fake } = useAuditServer();
    renderWithProviders(<AuditLog companyId={7} />);
    await screen.findByRole('table', { name: 'Audit trail entries' });
    expect(screen.queryByRole('region', { name: 'Chain verification' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Company' })).toBeNull();
    expect(new URL(lists[0]?.url ?? '', 'http://x').searchParams.get('company_id')).toBe('7');
    expect(fake.calls.some((call) => call.path === '/audit/verification' || call.path === '/companies')).toBe(
      false,
    );
  });
});
