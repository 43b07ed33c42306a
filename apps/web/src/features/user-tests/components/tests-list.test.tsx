import type { TestSummary } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { TestsList } from './tests-list';

const summary = (id: number, name: string, platform: TestSummary['platform'], state: TestSummary['state']) =>
  ({
    id,
    name,
    platform,
    state,
    internal_state: null,
    test_type: 'professional',
    company_id: 3,
    company: { id: 3, name: 'Acme', licence_analysis: false },
    requester_id: null,
    requester: null,
    researcher_id: null,
    created_at: 0,
    updated_at: 1_700_000_000,
  }) satisfies TestSummary;

const TESTS = [
  summary(1, 'Checkout flow', 'desktop', 'done'),
  summary(2, 'Spring campaign', 'video', 'done'),
  summary(3, 'Product page', 'mobile', 'draft'),
  summary(4, 'Brand film', 'video', 'requested'),
];

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Tests' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('TestsList', () => {
  it('shows a card per test linking by state and platform, staggered by 100 ms', async () => {
    useFakeApi({ 'GET /tests': { body: TESTS } });
    renderWithProviders(<TestsList />, { path: '/tests' });

    expect(await screen.findByRole('link', { name: 'Checkout flow' })).toHaveProperty(
      'pathname',
      '/test/1/overview/',
    );
    expect(screen.getByRole('link', { name: 'Spring campaign' }).getAttribute('href')).toBe(
      '/video-test/2/summary/',
    );
    expect(screen.getByRole('link', { name: 'Product page' }).getAttribute('href')).toBe(
      '/create-test/web/3',
    );
    expect(screen.getByRole('link', { name: 'Brand film' }).getAttribute('href')).toBe(
      '/create-test/video/4',
    );
    const delays = screen.getAllByTestId('test-card').map((card) => card.style.animationDelay);
    expect(delays).toEqual(['0ms', '100ms', '200ms', '300ms']);
  });

  it('shows the cards without motion when the visitor prefers reduced motion', async () => {
    useFakeApi({ 'GET /tests': { body: TESTS } });
    const { matchMedia } = window;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('prefers-reduced-motion: reduce'),
    })) as typeof window.matchMedia;
    try {
      renderWithProviders(<TestsList />, { path: '/tests' });
      await screen.findByRole('link', { name: 'Checkout flow' });
      const delays = screen.getAllByTestId('test-card').map((card) => card.style.animationDelay);
      expect(delays).toEqual(['', '', '', '']);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('filters by search, platform and state bubbles', async () => {
    useFakeApi({ 'GET /tests': { body: TESTS } });
    const user = userEvent.setup();
    renderWithProviders(<TestsList />, { path: '/tests' });
    await screen.findByRole('link', { name: 'Checkout flow' });

    await user.click(screen.getByRole('checkbox', { name: 'Done' }));
    expect(cardNames()).toEqual(['Checkout flow', 'Spring campaign']);

    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(await screen.findByRole('option', { name: 'Video' }));
    expect(cardNames()).toEqual(['Spring campaign']);

    await user.click(screen.getByRole('checkbox', { name: 'Done' }));
    await user.type(screen.getByRole('textbox', { name: 'Search tests' }), 'brand');
    expect(cardNames()).toEqual(['Brand film']);

    await user.type(screen.getByRole('textbox', { name: 'Search tests' }), 'nothing');
    expect(screen.getByText('No test matches your filters')).toBeTruthy();
  });

  it('names the company on each card when the list holds several companies (staff)', async () => {
    const globex = { ...summary(5, 'Onboarding', 'desktop', 'draft'), company_id: 4 };
    useFakeApi({
      'GET /tests': {
        body: [...TESTS, { ...globex, company: { ...globex.company, id: 4, name: 'Globex' } }],
      },
    });
    renderWithProviders(<TestsList />, { path: '/tests' });
    await screen.findByRole('link', { name: 'Onboarding' });
    expect(screen.getByText(/Globex · Professional/)).toBeTruthy();
    expect(screen.getAllByText(/Acme · Professional/)).toHaveLength(4);
  });

  it('leaves the company out when every test is of one company', async () => {
    useFakeApi({ 'GET /tests': { body: TESTS } });
    renderWithProviders(<TestsList />, { path: '/tests' });
    await screen.findByRole('link', { name: 'Checkout flow' });
    expect(screen.queryByText(/Acme ·/)).toBeNull();
  });

  it('invites to order a first test when there is none', async () => {
    useFakeApi({ 'GET /tests': { body: [] } });
    renderWithProviders(<TestsList />, { path: '/tests' });
    expect((await screen.findByRole('link', { name: /Create new test/ })).getAttribute('href')).toBe(
      '/create-test',
    );
  });
});
