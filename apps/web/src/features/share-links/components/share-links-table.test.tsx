import type { ShareLink } from '@limbus/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ShareLinksTable } from './share-links-table';

const link = (id: number, overrides: Partial<ShareLink>): ShareLink => ({
  id,
  test: { id: 7, name: 'Checkout study' },
  scope: 'test',
  insight: null,
  expires_at: Date.UTC(2026, 11, 29) / 1000,
  has_password: false,
  allow_recordings: false,
  created_by: 'Ada Admin',
  created_at: Date.UTC(2026, 10, 29) / 1000,
  views: 0,
  last_viewed_at: null,
  revoked_at: null,
  state: 'active',
  ...overrides,
});

describe('ShareLinksTable', () => {
  it('says what each link shares: the test, an insight, or an insight’s evidence reel', async () => {
    const insight = { id: 23, assigned_id: 2, title: 'Lost at the discount field' };
    useFakeApi({
      'GET /companies/3/share_links': {
        body: {
          data: [link(1, {}), link(2, { scope: 'insight', insight }), link(3, { scope: 'reel', insight })],
        },
      },
    });
    renderWithProviders(<ShareLinksTable companyId={3} />);
    expect(
      await screen.findByText('Checkout study · evidence reel of insight 2: Lost at the discount field'),
    ).toBeTruthy();
    expect(screen.getByText('Checkout study · insight 2: Lost at the discount field')).toBeTruthy();
    expect(screen.getByText('Checkout study')).toBeTruthy();
  });
});
