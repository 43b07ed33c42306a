import type { HeatmapPage } from '@limbus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { HeatmapManager } from './heatmap-manager';

const page = (overrides: Partial<HeatmapPage>): HeatmapPage => ({
  id: 1,
  test_id: 7,
  name: 'Home',
  url: 'https://shop.test/',
  match_type: 'exact',
  screenshot: null,
  screenshot_width: null,
  screenshot_height: null,
  capture: null,
  created_at: 0,
  updated_at: 0,
  ...overrides,
});

describe('HeatmapManager', () => {
  it('shows untitled pages, capture progress and why a capture failed', async () => {
    useFakeApi({
      'GET /tests/7/heatmaps': {
        body: {
          data: {
            heatmaps: [
              page({ id: 1, name: '', capture: { state: 'running', progress: 40, message: null } }),
              page({
                id: 2,
                name: 'Intranet',
                url: 'http://10.0.0.3/',
                capture: {
                  state: 'failed',
                  progress: 5,
                  message: '10.0.0.3 is on a loopback, private or link-local network',
                },
              }),
            ],
          },
        },
      },
    });
    renderWithProviders(<HeatmapManager testId={7} />);
    const untitled = await screen.findByRole('row', { name: /Untitled/ });
    expect(within(untitled).getByText('Capturing… 40 %')).toBeTruthy();
    expect(within(untitled).getByRole('button', { name: 'Capture Untitled from its URL' })).toHaveProperty(
      'disabled',
      true,
    );
    const failed = screen.getByRole('row', { name: /Intranet/ });
    expect(within(failed).getByText('The capture failed')).toBeTruthy();
    expect(within(failed).getByText(/private or link-local network/)).toBeTruthy();
  });

  it('deletes a page only after the confirmation', async () => {
    const user = userEvent.setup();
    const fake = useFakeApi({
      'GET /tests/7/heatmaps': { body: { data: { heatmaps: [page({ id: 3, name: 'Basket' })] } } },
      'DELETE /tests/7/heatmaps/3': { status: 204 },
    });
    renderWithProviders(<HeatmapManager testId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Basket' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this heatmap page and its screenshot?')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('creates a page from a name, URL and match type', async () => {
    const user = userEvent.setup();
    const fake = useFakeApi({
      'GET /tests/7/heatmaps': { body: { data: { heatmaps: [] } } },
      'POST /tests/7/heatmaps': { status: 201, body: { data: page({ id: 4 }) } },
    });
    renderWithProviders(<HeatmapManager testId={7} />);
    expect(await screen.findByText('No heatmap pages yet')).toBeTruthy();
    await user.type(screen.getByLabelText('Name', { exact: true }), 'Cart');
    await user.type(screen.getByLabelText('URL', { exact: true }), 'https://shop.test/cart');
    await user.click(screen.getByRole('button', { name: 'Create heatmap page' }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
        heatmap: { name: 'Cart', url: 'https://shop.test/cart', match_type: 'exact' },
      }),
    );
  });
});
