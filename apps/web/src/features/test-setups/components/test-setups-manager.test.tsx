import type { TestSetup } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CONFIRM_REMOVE_SETUP, TestSetupsManager } from './test-setups-manager';

const lab = (overrides: Partial<TestSetup> = {}): TestSetup => ({
  id: 1,
  name: 'Lab 1',
  ip: '10.0.0.5',
  status: { eeg: true, eye: false, mouse: true, tapp: true, recorder: true, redis: true },
  updated_at: 1_700_000_000,
  is_online: true,
  geometry: null,
  ...overrides,
});

describe('TestSetupsManager', () => {
  it("lists setups with their status and each device's state", async () => {
    useFakeApi({ 'GET /test_setups': { body: { data: { test_setups: [lab()] } } } });
    renderWithProviders(<TestSetupsManager />);
    const row = (await screen.findByText('Lab 1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Online')).toBeTruthy();
    expect(within(row).getByLabelText('Eye tracker: not working')).toBeTruthy();
    expect(within(row).getByLabelText('EEG: working')).toBeTruthy();
    // the one date format of the app with the time (docs/decisions/formats.md 'Formats')
    expect(within(row).getByText(/^Last heartbeat \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/)).toBeTruthy();
  });

  it('adds a setup and shows its key once, with a copy button', async () => {
    let setups: TestSetup[] = [];
    const fake = useFakeApi({
      'GET /test_setups': () => ({ body: { data: { test_setups: setups } } }),
      'POST /test_setups': (call) => {
        const created = lab({ id: 2, ...(call.body as { name: string; ip: string }), is_online: false });
        setups = [created];
        return { status: 201, body: { data: created, key: 'k'.repeat(43) } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TestSetupsManager />);
    expect(await screen.findByText('No test setups yet')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'New test setup' });
    await user.click(within(form).getByRole('button', { name: 'Add test setup' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Lab 2');
    await user.type(within(form).getByRole('textbox', { name: 'IP address' }), '10.0.0.9');
    await user.click(within(form).getByRole('button', { name: 'Add test setup' }));
    expect(((await screen.findByRole('textbox', { name: 'Setup key' })) as HTMLInputElement).value).toBe(
      'k'.repeat(43),
    );
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Lab 2',
      ip: '10.0.0.9',
    });
    expect(await screen.findByText('Offline')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'I have stored the key' }));
    expect(screen.queryByRole('textbox', { name: 'Setup key' })).toBeNull();
  });

  it('removes a setup only after confirmation', async () => {
    const fake = useFakeApi({
      'GET /test_setups': { body: { data: { test_setups: [lab()] } } },
      'DELETE /test_setups/1': { status: 204 },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TestSetupsManager />);
    await user.click(await screen.findByRole('button', { name: 'Delete Lab 1' }));
    expect(await screen.findByText(CONFIRM_REMOVE_SETUP)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Lab 1' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it("edits a setup's screen: out-of-range values are named and not sent", async () => {
    let setups = [lab()];
    const fake = useFakeApi({
      'GET /test_setups': () => ({ body: { data: { test_setups: setups } } }),
      'PATCH /test_setups/1': (call) => {
        setups = [lab(call.body as Partial<TestSetup>)];
        return { body: { data: setups[0] } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TestSetupsManager />);
    expect(await screen.findByText('Default: 1920 × 1080 px, 531 × 299 mm at 600 mm')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Screen of Lab 1' }));
    const form = await screen.findByRole('form', { name: 'Screen of Lab 1' });
    const distance = within(form).getByRole('textbox', { name: 'Viewing distance (mm)' });
    await user.clear(distance);
    await user.type(distance, '50');
    await user.click(within(form).getByRole('button', { name: 'Save screen' }));
    expect(await within(form).findByText('Viewing distance must be 200–2000 mm')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(distance);
    await user.type(distance, '650');
    await user.click(within(form).getByRole('button', { name: 'Save screen' }));
    expect(await screen.findByText('1920 × 1080 px, 531 × 299 mm at 650 mm')).toBeTruthy();
    expect(fake.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      geometry: { width_px: 1920, height_px: 1080, width_mm: 531, height_mm: 299, distance_mm: 650 },
    });
  });
});
