import type { TestSummary } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { RecentTests } from './recent-tests';

const ACME = { id: 3, name: 'Acme', licence_analysis: false };

const summary = (id: number, name: string, platform: TestSummary['platform'], state: TestSummary['state']) =>
  ({
    id,
    name,
    platform,
    state,
    internal_state: null,
    test_type: 'essential',
    company_id: ACME.id,
    company: ACME,
    requester_id: null,
    requester: null,
    researcher_id: null,
    created_at: 0,
    updated_at: 1_700_000_000,
  }) satisfies TestSummary;

const section = () => screen.getByRole('region', { name: 'Recent tests' });

describe('RecentTests', () => {
  it('shows the tests as the cards of /tests/, linking by state and platform, and a card to create one', async () => {
    const fake = useFakeApi({
      'GET /tests': {
        body: [summary(1, 'Checkout flow', 'desktop', 'done'), summary(2, 'Brand film', 'video', 'draft')],
      },
    });
    renderWithProviders(<RecentTests />, { path: '/home' });

    expect((await screen.findByRole('link', { name: 'Checkout flow' })).getAttribute('href')).toBe(
      '/test/1/overview/',
    );
    expect(screen.getByRole('link', { name: 'Brand film' }).getAttribute('href')).toBe(
      '/create-test/video/2',
    );
    const cards = within(section()).getAllByTestId('test-card');
    expect(cards).toHaveLength(2);
    expect(cards.map((card) => card.style.animationDelay)).toEqual(['', '']);
    expect(within(cards[0] as HTMLElement).getByText('Done')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText(/^Essential · updated/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a new test' }).getAttribute('href')).toBe('/create-test');
    expect(fake.calls.map((call) => call.url)).toContain('/api/v1/tests?homepage=1');
  });

  it('leaves the create card out with four tests, and names the companies when they differ (staff)', async () => {
    const globex = { id: 4, name: 'Globex', licence_analysis: false };
    useFakeApi({
      'GET /tests': {
        body: [
          summary(1, 'One', 'desktop', 'done'),
          summary(2, 'Two', 'mobile', 'requested'),
          summary(3, 'Three', 'video', 'in-progress'),
          { ...summary(4, 'Four', 'desktop', 'draft'), company_id: globex.id, company: globex },
        ],
      },
    });
    renderWithProviders(<RecentTests />, { path: '/home' });

    await screen.findByRole('link', { name: 'Four' });
    expect(screen.queryByRole('link', { name: 'Create a new test' })).toBeNull();
    expect(within(section()).getByText(/^Globex · Essential/)).toBeTruthy();
    expect(within(section()).getAllByText(/^Acme · Essential/)).toHaveLength(3);
  });
});
