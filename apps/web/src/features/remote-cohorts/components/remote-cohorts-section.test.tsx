import { REMOTE_GAZE_DEFAULTS, type RemoteCohort } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { formatDate } from '../../../ui';
import { RemoteCohortsSection } from './remote-cohorts-section';

const cohort = (id: number, overrides: Partial<RemoteCohort> = {}): RemoteCohort => ({
  id,
  test_id: 7,
  cap: 150,
  participants: 12,
  expires_at: Date.UTC(2026, 11, 14) / 1000,
  redirect_url: null,
  created_by: 'Ada Lovelace',
  created_at: Date.UTC(2026, 10, 30) / 1000,
  revoked_at: null,
  state: 'open',
  gaze: REMOTE_GAZE_DEFAULTS,
  ...overrides,
});

describe('RemoteCohortsSection', () => {
  it('lists the cohorts: participants of the cap, expiry, state and who opened it', async () => {
    useFakeApi({
      'GET /tests/7/remote_cohorts': {
        body: {
          data: [
            cohort(4),
            cohort(3, { participants: 20, cap: 20, state: 'full' }),
            cohort(2, { state: 'expired', created_by: null }),
            cohort(1, { state: 'revoked', revoked_at: Date.UTC(2026, 10, 30) / 1000 }),
          ],
        },
      },
    });
    renderWithProviders(<RemoteCohortsSection testId={7} />);
    const table = await screen.findByRole('table', { name: 'Remote cohorts of this test' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual([
      'Open',
      'Full',
      'Expired',
      'Closed',
    ]);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('12 of 150')).toBeTruthy();
    expect(first.getAllByRole('cell')[2]?.textContent).toBe(formatDate(Date.UTC(2026, 11, 14) / 1000));
    expect(
      first.getByText(`Opened ${formatDate(Date.UTC(2026, 10, 30) / 1000)} by Ada Lovelace`),
    ).toBeTruthy();
    expect(
      within(rows[2] as HTMLElement).getByText(`Opened ${formatDate(Date.UTC(2026, 10, 30) / 1000)}`),
    ).toBeTruthy();
    // only a cohort that can still take or upload can be closed
    expect(
      screen.getAllByRole('button', { name: /^Close cohort/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Close cohort 4', 'Close cohort 3']);
  });

  it('shows each cohort’s completion redirect, or that it has none, and its gaze rule, in lines that wrap on a phone', async () => {
    const redirect = 'https://app.prolific.com/submissions/complete?cc=C1&pid={participant_id}';
    useFakeApi({
      'GET /tests/7/remote_cohorts': {
        body: {
          data: [
            cohort(2, {
              redirect_url: redirect,
              gaze: {
                threshold_deg: 2.5,
                max_recalibrations: 1,
                on_failure: 'stop',
                gaze_without_validation: true,
              },
            }),
            cohort(1, { gaze: { ...REMOTE_GAZE_DEFAULTS, max_recalibrations: 0 } }),
          ],
        },
      },
    });
    renderWithProviders(<RemoteCohortsSection testId={7} />);
    const table = await screen.findByRole('table', { name: 'Remote cohorts of this test' });
    const [second, first] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    // in the cohort's own cell, which a phone keeps (the Expires column is hidden below sm)
    const cell = (row: HTMLElement) => within(within(row).getAllByRole('cell')[0] as HTMLElement);
    expect(cell(second).getByText(`Redirect: ${redirect}`)).toBeTruthy();
    expect(
      cell(second).getByText(
        'Gaze: passes below 2.5°, 1 recalibration, then ends the session; gaze kept without a passed calibration (flagged)',
      ),
    ).toBeTruthy();
    expect(cell(first).getByText('No completion redirect')).toBeTruthy();
    expect(
      cell(first).getByText('Gaze: passes below 4°, no recalibration, then goes on without gaze'),
    ).toBeTruthy();
  });

  it('says what a remote cohort is and what to do when the test has none', async () => {
    useFakeApi({ 'GET /tests/7/remote_cohorts': { body: { data: [] } } });
    renderWithProviders(<RemoteCohortsSection testId={7} />);
    expect(await screen.findByText('No remote cohorts yet')).toBeTruthy();
    expect(screen.getByText(/A remote cohort is a participant link for a recruitment panel/)).toBeTruthy();
    expect(screen.getByText(/Open a remote cohort, then copy its participant link/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open a remote cohort' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s refusal when the list cannot be read', async () => {
    useFakeApi({
      'GET /tests/7/remote_cohorts': { status: 404, body: { code: 'not_found', message: 'Test not found' } },
    });
    renderWithProviders(<RemoteCohortsSection testId={7} />);
    expect(await screen.findByText('The remote cohorts could not be loaded')).toBeTruthy();
  });

  it('closes a cohort after its confirmation, and the list shows it closed', async () => {
    let closed = false;
    const deletes: string[] = [];
    useFakeApi({
      'GET /tests/7/remote_cohorts': () => ({
        body: { data: [closed ? cohort(4, { state: 'revoked', revoked_at: 1 }) : cohort(4)] },
      }),
      'DELETE /remote_cohorts/4': (call) => {
        deletes.push(call.path);
        closed = true;
        return { status: 204 };
      },
    });
    renderWithProviders(<RemoteCohortsSection testId={7} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Close cohort 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close cohort 4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Close cohort 4' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close cohort 4?' })).getByRole('button', {
        name: 'Close cohort',
      }),
    );
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(deletes).toEqual(['/remote_cohorts/4']);
    expect(screen.queryByRole('button', { name: 'Close cohort 4' })).toBeNull();
  });
});
