import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { makeVideoTest, makeViewer, renderVideoScreen } from '../../../test/video-results';
import { formatMoney } from '../../../ui/format';
import { VideoParticipantsPage } from './participants-page';

const ROUTE = '/video-test/:id/participant';
const PATH = '/video-test/7/participant';

describe('VideoParticipantsPage', () => {
  it('shows the upgrade tile of the add-on instead of the viewers when the test lacks it', async () => {
    const fake = useFakeApi({ 'GET /tests/7/participants': { body: [makeViewer(41, 'P0041')] } });
    renderVideoScreen(<VideoParticipantsPage />, {
      test: makeVideoTest({ addons: [] }),
      route: ROUTE,
      path: PATH,
    });

    const tile = await screen.findByRole('region', { name: 'Individual participant data' });
    expect(tile.textContent).toContain('10 participant videos');
    expect(tile.textContent).toContain(formatMoney(900));
    expect(within(tile).getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fake.calls.some((call) => call.path === '/tests/7/participants')).toBe(false);
  });

  it('lists the viewers with their favourite star and a link to each when the add-on is bought', async () => {
    useFakeApi({
      'GET /tests/7/participants': { body: [makeViewer(41, 'P0041', true), makeViewer(42, 'P0042')] },
    });
    renderVideoScreen(<VideoParticipantsPage />, {
      test: makeVideoTest({ addons: ['individual_participant'] }),
      route: ROUTE,
      path: PATH,
    });

    const table = await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'Individual participant data' })).toBeNull();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['P0041', 'P0042']);
    const star = within(table).getByRole('button', { name: 'Remove participant P0041 from the favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(within(table).getByRole('button', { name: 'Mark participant P0042 as favourite' })).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'View' })
        .getAttribute('href'),
    ).toBe('/video-test/7/participant/42');
  });
});
