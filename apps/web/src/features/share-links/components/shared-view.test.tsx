import { SHARE_LINK_MESSAGES, type SharedInsight, type SharedLink } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SharedView } from './shared-view';

const TOKEN = 'a'.repeat(64);

const shell = (locked: boolean): SharedLink => ({
  company: 'Acme Retail',
  test: locked ? null : { name: 'Checkout study', test_type: 'professional' },
  scope: 'test',
  insight_assigned_id: null,
  shared_by: 'Ada Admin',
  expires_at: Date.UTC(2026, 11, 29) / 1000,
  has_password: true,
  locked,
  allow_recordings: false,
});

const insight: SharedInsight = {
  assigned_id: 1,
  title: 'The discount field frustrates',
  behavior_comment: 'Hesitates at the field',
  eeg_comment: '...',
  eye_tracking_comment: '',
  touch_tracking_comment: '',
  explanation: '<p>The code is asked for too late.</p>',
  summary: '...',
  suggestion: '',
  focus_point: '',
  highlight_url: null,
  significant_points: [
    {
      emotion: 'frustration',
      comment: 'Zucht',
      translation: 'Sighs',
      tags: ['Discount'],
      participant: 'P01',
    },
  ],
  participants: 1,
  clip: { video: '/api/v1/shared/links/4/insights/1/video?expires=1&signature=x', start: 17, end: 24 },
};

/** A visitor's server: the link waits for 'discount-2026', then answers with the unlock header. */
function useSharedServer() {
  const unlocked = (headers: Record<string, string>) => headers['x-share-unlock'] === 'unlock-1';
  const fake = createFakeFetch({
    'GET /shared': (call) => ({ body: { data: shell(!unlocked(call.headers)) } }),
    'POST /shared/unlock': (call) =>
      (call.body as { password: string }).password === 'discount-2026'
        ? { body: { unlock_token: 'unlock-1', expires_at: Date.now() / 1000 + 86_400 } }
        : {
            status: 400,
            body: {
              code: 'validation',
              message: 'Wrong',
              errors: { password: ['The password is not right'] },
            },
          },
    'GET /shared/overview': () => ({
      body: {
        data: {
          name: 'Checkout study',
          test_type: 'professional',
          platform: 'desktop',
          scenario: 'Buy running shoes',
          started_at: null,
          ended_at: null,
          participants: 11,
          left_out: 1,
          average_seconds: 95,
          insights: 1,
        },
      },
    }),
    'GET /shared/insights': () => ({ body: { data: [insight] } }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('SharedView', () => {
  it('says one thing for an expired, revoked or unknown link', async () => {
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /shared': { status: 404, body: { code: 'not_found', message: SHARE_LINK_MESSAGES.gone } },
      }).fetch,
    );
    renderWithProviders(<SharedView token={TOKEN} />);
    expect(await screen.findByText(SHARE_LINK_MESSAGES.gone)).toBeTruthy();
  });

  it('asks for the password, then shows the overview and the insights with pseudonyms', async () => {
    const fake = useSharedServer();
    renderWithProviders(<SharedView token={TOKEN} />);
    expect(
      await screen.findByText('shared by Ada Admin · expires 29 Dec 2026', { exact: false }),
    ).toBeTruthy();
    expect(screen.queryByText('Checkout study')).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Password'), 'wrong guess');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('The password is not right')).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'discount-2026');
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(await screen.findByRole('heading', { name: 'Checkout study' })).toBeTruthy();
    expect(await screen.findByText('Insight 1: The discount field frustrates')).toBeTruthy();
    expect(screen.getByText('P01')).toBeTruthy();
    const clip = screen.getByLabelText('The highlighted moment of insight 1') as HTMLVideoElement;
    expect(clip.getAttribute('src')).toBe(
      '/api/v1/shared/links/4/insights/1/video?expires=1&signature=x#t=17,24',
    );
    expect(screen.getByText(/1 participant is left out/)).toBeTruthy();
    expect(fake.calls.every((call) => call.headers.Authorization === `Share ${TOKEN}`)).toBe(true);
    expect(localStorage.getItem(`limbus-share-unlock:${TOKEN}`)).toContain('unlock-1');
  });
});
