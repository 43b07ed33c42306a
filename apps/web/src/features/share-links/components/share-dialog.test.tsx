import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, storeSession } from '../../../api';
import { type FakeCall, makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { ShareButton } from './share-dialog';

const TOKEN = 'b'.repeat(64);
const doneTest = makeTestDetail({ state: 'done', company_id: 3 });

afterEach(() => clearSession());

describe('ShareButton', () => {
  it('makes a link with the chosen expiry and password, and shows it once with a copy button', async () => {
    storeSession('token', makeUser({ company_id: 3, role: 'company_member' }));
    const posts: FakeCall[] = [];
    useFakeApi({
      'POST /tests/7/share_links': (call) => {
        posts.push(call);
        return {
          status: 201,
          body: {
            data: {
              id: 1,
              test: { id: 7, name: doneTest.name },
              scope: 'test',
              insight: null,
              expires_at: Date.UTC(2026, 11, 6) / 1000,
              has_password: true,
              allow_recordings: false,
              created_by: 'Ada Lovelace',
              created_at: Date.UTC(2026, 10, 29) / 1000,
              views: 0,
              last_viewed_at: null,
              revoked_at: null,
              state: 'active',
            },
            token: TOKEN,
            path: `/s/${TOKEN}`,
          },
        };
      },
    });
    renderWithProviders(<ShareButton test={doneTest} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: '7 days' }));
    await user.type(screen.getByLabelText(/Password/), 'discount-2026');
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    const link = (await screen.findByRole('textbox', { name: 'Link' })) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/s/${TOKEN}`);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(posts[0]?.body).toEqual({
      share_link: { scope: 'test', expires_in_days: 7, password: 'discount-2026', allow_recordings: false },
    });
  });

  it('is not offered to demo users, nor on a test that is not done', () => {
    storeSession('token', makeUser({ company_id: 3, role: 'demo' }));
    const { unmount } = renderWithProviders(<ShareButton test={doneTest} />);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    unmount();
    storeSession('token', makeUser({ company_id: 3, role: 'company_admin' }));
    renderWithProviders(<ShareButton test={{ ...doneTest, state: 'in-progress' }} />);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('shares the published reel of an insight by link (scope reel, no recordings choice), not for demo users', async () => {
    storeSession('token', makeUser({ company_id: 3, role: 'company_member' }));
    const posts: FakeCall[] = [];
    useFakeApi({
      'POST /tests/7/share_links': (call) => {
        posts.push(call);
        return {
          status: 409,
          body: {
            code: 'conflict',
            message:
              'This insight has no published evidence reel to share: render the reel and publish it to the client first',
          },
        };
      },
    });
    const insight = { id: 23, assigned_id: 2 };
    const { unmount } = renderWithProviders(<ShareButton test={doneTest} insight={insight} reel />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Share reel' }));
    expect(await screen.findByText('Share the evidence reel of insight 2 by link')).toBeTruthy();
    expect(screen.queryByLabelText('Recordings may be played')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText(/has no published evidence reel to share/)).toBeTruthy();
    expect(posts[0]?.body).toEqual({
      share_link: { scope: 'reel', insight_id: 23, expires_in_days: 30, allow_recordings: false },
    });
    unmount();

    storeSession('token', makeUser({ company_id: 3, role: 'demo' }));
    renderWithProviders(<ShareButton test={doneTest} insight={insight} reel />);
    expect(screen.queryByRole('button', { name: 'Share reel' })).toBeNull();
  });
});
