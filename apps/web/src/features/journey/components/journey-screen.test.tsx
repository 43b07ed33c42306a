import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { makeJourney } from '../../../test/journey';
import { renderWithProviders } from '../../../test/render';
import { JourneyScreen } from './journey-screen';

const journey = makeJourney();

describe('JourneyScreen', () => {
  it('lists the visited pages with who started and left there, linking to their insights', async () => {
    useFakeApi({ 'GET /tests/7/journey': { body: { data: journey } } });
    renderWithProviders(<JourneyScreen testId={7} />);
    expect(await screen.findByText('3 participants, 2 pages visited')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).queryByText('Never seen')).toBeNull();
    const basket = within(table).getByRole('link', { name: 'Basket' });
    expect(basket.getAttribute('href')).toBe('/test/7/page-insights?page=2');
    const row = basket.closest('tr') as HTMLElement;
    expect(within(row).getByText('67 % (2)')).toBeTruthy();
    expect(within(row).getByText('60 %')).toBeTruthy();
    await userEvent.click(screen.getByText('Joy'));
    expect(within(table).getByRole('columnheader', { name: 'Mean joy' })).toBeTruthy();
    expect(within(row).getByText('31 %')).toBeTruthy();
  });

  it('draws the journey with a box per page and step, and opens a page’s insights from its box', async () => {
    useFakeApi({ 'GET /tests/7/journey': { body: { data: journey } } });
    const { router } = renderWithProviders(<JourneyScreen testId={7} />, { path: '/test/7/journey' });
    const chart = await screen.findByRole('img', {
      name: /Journey of 3 participants .* coloured by frustration/,
    });
    const boxes = [...chart.querySelectorAll('g[data-key]')].map((box) => box.textContent);
    expect(boxes).toEqual(['Home', 'Basket', 'Left', 'Left']);
    expect(chart.querySelectorAll('path[data-key]')).toHaveLength(3);
    await userEvent.hover(within(chart).getByText('Basket'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      "Basket, step 22 participants hereMean frustration: 60 %Click to see the page's insights",
    );
    await userEvent.click(within(chart).getAllByText('Left')[0] as Element);
    expect(router.state.location.pathname).toBe('/test/7/journey');
    await userEvent.click(within(chart).getByText('Basket'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(router.state.location.pathname).toBe('/test/7/page-insights');
  });

  it('says when nobody visited a page of the test', async () => {
    useFakeApi({
      'GET /tests/7/journey': { body: { data: { ...journey, participants: 0, nodes: [], links: [] } } },
    });
    renderWithProviders(<JourneyScreen testId={7} />);
    expect(await screen.findByText('No journeys yet')).toBeTruthy();
  });
});
