import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PageTitlesManager } from './page-titles-manager';
import { TagsManager } from './tags-manager';

describe('research Tags', () => {
  it('lists the tags with counts and saves a changed description through PATCH /tags/{id}', async () => {
    const fake = useFakeApi({
      'GET /tests/7/tags': {
        body: {
          tags: [
            {
              id: 11,
              test_id: 7,
              name: 'Checkout',
              description: '',
              count: 6,
              participants: 4,
              significant_points: [],
            },
          ],
        },
      },
      'PATCH /tags/11': { body: { id: 11, test_id: 7, name: 'Checkout', description: 'Paying' } },
    });
    renderWithProviders(<TagsManager testId={7} />);
    const table = await screen.findByRole('table', { name: 'Tags of the test' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('CheckoutNo description64');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Checkout' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Description' }), 'Paying');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('table', { name: 'Tags of the test' });
    const patch = fake.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ tag: { name: 'Checkout', description: 'Paying' } });
  });
});

describe('research Pages', () => {
  it('adds a page with one URL a line', async () => {
    const fake = useFakeApi({
      'GET /tests/7/labels': { body: { data: { labels: [] } } },
      'POST /tests/7/labels': {
        status: 201,
        body: { id: 3, test_id: 7, name: 'Basket', urls: [], match_type: 'starts_with' },
      },
    });
    renderWithProviders(<PageTitlesManager testId={7} />);
    expect(await screen.findByText('No pages yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add page' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Basket');
    await userEvent.type(
      screen.getByRole('textbox', { name: /URLs/ }),
      'https://shop.test/basket{enter}{enter}https://shop.test/cart',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('No pages yet.');
    const post = fake.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      label: { name: 'Basket', urls: ['https://shop.test/basket', 'https://shop.test/cart'] },
    });
  });
});
