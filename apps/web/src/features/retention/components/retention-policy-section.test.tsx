import type { RetentionPolicy } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { RemovedNotice, RemovedStreamsNotice } from './removed-notice';
import { RetentionPolicySection } from './retention-policy-section';

const defaults: RetentionPolicy = {
  company_id: 7,
  recordings_days: 90,
  streams_days: 730,
  derived_days: null,
  is_default: true,
  updated_at: null,
  updated_by: null,
};

/** A server that keeps what was saved: GET answers the last PUT's periods. */
function useRetentionServer(start: RetentionPolicy) {
  let current = start;
  const puts: FakeCall[] = [];
  useFakeApi({
    'GET /companies/7/retention': () => ({ body: { data: current } }),
    'PUT /companies/7/retention': (call) => {
      puts.push(call);
      const body = call.body as { recordings_days: number; streams_days: number };
      current = {
        ...current,
        ...body,
        is_default: false,
        updated_at: Date.UTC(2026, 10, 24, 14, 5) / 1000,
        updated_by: 'staff@limbus.test',
      };
      return { body: { data: current } };
    },
  });
  return { puts };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('RetentionPolicySection', () => {
  it('shows the defaults with what each kind covers, and saves new periods for staff', async () => {
    const { puts } = useRetentionServer(defaults);
    renderWithProviders(<RetentionPolicySection companyId={7} canEdit />);

    const section = await screen.findByRole('region', { name: 'Retention' });
    expect(await within(section).findByText('Defaults')).toBeTruthy();
    expect(within(section).getByText('Raw screen and voice recordings')).toBeTruthy();
    expect(within(section).getByText(/Counted from the day the test is done/)).toBeTruthy();
    expect(within(section).getByText('As long as the test')).toBeTruthy();
    expect(field(/Days after the test is done/).value).toBe('90 days');
    expect(field(/Days after the recording/).value).toBe('730 days');
    const save = within(section).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const user = userEvent.setup({ delay: null });
    await user.clear(field(/Days after the test is done/));
    await user.type(field(/Days after the test is done/), '30');
    await user.click(save);

    expect(await within(section).findByText('Saved')).toBeTruthy();
    expect(puts.map((call) => call.body)).toEqual([
      { recordings_days: 30, streams_days: 730, derived_days: null },
    ]);
    expect(within(section).getByText('Own policy')).toBeTruthy();
    expect(within(section).getByText(/by staff@limbus\.test/)).toBeTruthy();
  });

  it('refuses an empty or zero period with the contract’s message, sending nothing', async () => {
    const { puts } = useRetentionServer(defaults);
    renderWithProviders(<RetentionPolicySection companyId={7} canEdit />);
    await screen.findByText('Defaults');
    const user = userEvent.setup({ delay: null });
    await user.clear(field(/Days after the recording/));
    await user.type(field(/Days after the recording/), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Keep it at least 1 day')).toBeTruthy();
    await user.clear(field(/Days after the recording/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Give the days raw streams are kept/)).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('shows company admins the policy as text, without a form', async () => {
    useRetentionServer({ ...defaults, recordings_days: 30, is_default: false, updated_at: 1_764_000_000 });
    renderWithProviders(<RetentionPolicySection companyId={7} canEdit={false} />);
    expect(await screen.findByText('30 days after the test is done')).toBeTruthy();
    expect(screen.getByText('730 days after the recording')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('RemovedNotice', () => {
  it('says the recording was removed by the retention policy, and when', () => {
    renderWithProviders(
      <RemovedNotice removal={{ kind: 'screen', at: Date.UTC(2026, 10, 24) / 1000, reason: 'retention' }} />,
    );
    expect(screen.getByRole('status').textContent).toMatch(
      /The recording was removed by the retention policy.*Removed on 24 Nov 2026/,
    );
  });

  it('lists the removed raw streams with their dates, and nothing while all are kept', () => {
    const at = Date.UTC(2026, 10, 24) / 1000;
    const { container } = renderWithProviders(
      <RemovedStreamsNotice
        removed={[
          { kind: 'screen', at, reason: 'retention' },
          { kind: 'eyes', at, reason: 'retention' },
          { kind: 'emotions', at, reason: 'withdrawal' },
        ]}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe(
      'Gaze: removed by the retention policy on 24 Nov 2026 · EEG and emotions: removed when the participant withdrew consent on 24 Nov 2026',
    );
    container.remove();
    renderWithProviders(<RemovedStreamsNotice removed={[{ kind: 'screen', at, reason: 'retention' }]} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
