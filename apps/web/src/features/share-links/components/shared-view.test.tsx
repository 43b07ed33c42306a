import {
  HEATMAP_CELL_PX,
  SHARE_LINK_MESSAGES,
  type SharedInsight,
  type SharedLink,
  type SharedPage,
  type SharedReel,
} from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SharedView } from './shared-view';

const TOKEN = 'a'.repeat(64);

const shell = (locked: boolean, testType: 'essential' | 'professional' = 'professional'): SharedLink => ({
  company: 'Acme Retail',
  test: locked ? null : { name: 'Checkout study', test_type: testType, cohorts: null },
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

const page = (name: string, frustration: number, half: number): SharedPage => ({
  name,
  total_participants: 12,
  average_time: 30_000,
  joy: 0.2,
  attention: 0.5,
  frustration,
  emotion_participants: 12,
  intervals: {
    joy: null,
    attention: null,
    frustration: { lower: frustration - half, upper: frustration + half },
  },
  peaks: { joy: 0, attention: 0, frustration: 2 },
});

/** An open link (no password) to a test of `testType`, with pages, no tags and one heatmap page. */
function useOpenLink(testType: 'essential' | 'professional' = 'professional') {
  const fake = createFakeFetch({
    'GET /shared': { body: { data: { ...shell(false, testType), has_password: false } } },
    'GET /shared/overview': {
      body: {
        data: {
          name: 'Checkout study',
          test_type: testType,
          platform: 'desktop',
          scenario: '',
          started_at: null,
          ended_at: null,
          participants: 12,
          left_out: 0,
          average_seconds: 95,
          insights: 0,
        },
      },
    },
    'GET /shared/insights': { body: { data: [] } },
    'GET /shared/pages': {
      body: {
        data: [page('Cart', 0.5, 0.2), page('Checkout', 0.45, 0.2), page('Rarely seen', 0.9, 0.05)].map(
          (p) => (p.name === 'Rarely seen' ? { ...p, total_participants: 2 } : p),
        ),
      },
    },
    'GET /shared/tags': { body: { data: [] } },
    'GET /shared/heatmaps': {
      body: {
        data: [
          {
            id: 5,
            name: 'Shoes',
            screenshot: '/files/shoes.png?signature=x',
            screenshot_width: 1440,
            screenshot_height: 900,
          },
        ],
      },
    },
    'GET /shared/heatmaps/5/points': {
      body: {
        data: { kind: 'gaze', participants: 11, samples: 3, cell_px: HEATMAP_CELL_PX, cells: [0, 1, 3] },
      },
    },
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

afterEach(() => {
  vi.restoreAllMocks();
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
    expect(await screen.findByText(/1 participant is left out/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Insights' }));
    // the list is light: the summary and what it rests on, no player until one insight opens
    const card = await screen.findByRole('article', { name: 'Insight 1: The discount field frustrates' });
    expect(within(card).getByText('1 data point')).toBeTruthy();
    expect(within(card).getByText('With a recording')).toBeTruthy();
    expect(screen.queryByLabelText('The highlighted moment of insight 1')).toBeNull();
    // as in current Chromium, scrollTo answers a promise: the opened insight must not hand it to React
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => Promise.resolve() as never);
    await user.click(within(card).getByRole('link', { name: 'Read more about insight 1' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(await screen.findByText('Insight 1: The discount field frustrates')).toBeTruthy();
    expect(screen.getByText('P01')).toBeTruthy();
    const clip = screen.getByLabelText('The highlighted moment of insight 1') as HTMLVideoElement;
    expect(clip.getAttribute('src')).toBe(
      '/api/v1/shared/links/4/insights/1/video?expires=1&signature=x#t=17,24',
    );
    await user.click(screen.getByRole('link', { name: '← All insights' }));
    expect(await screen.findByRole('link', { name: 'Read more about insight 1' })).toBeTruthy();
    expect(fake.calls.every((call) => call.headers.Authorization === `Share ${TOKEN}`)).toBe(true);
    expect(localStorage.getItem(`limbus-share-unlock:${TOKEN}`)).toContain('unlock-1');
  });

  it('moves between the screens by tabs, with the keyboard too, keeping the chosen one in the address', async () => {
    useOpenLink();
    const { router } = renderWithProviders(<SharedView token={TOKEN} />, { path: `/s/${TOKEN}` });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Insights', 'Pages', 'Tags', 'Heatmaps']);
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('01:35')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Insights' }));
    expect(await screen.findByText('No insights yet.')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pages' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('?view=pages');
    // the same honesty as the client's Pages: pages that cannot be told apart say so, with n
    expect(
      await screen.findByText(
        'Cart and Checkout score alike on frustration (n = 12): their differences could be chance.',
      ),
    ).toBeTruthy();
    const ranking = screen.getByRole('list', { name: 'Ranking' });
    expect(within(ranking).getAllByText(/95 % CI/).length).toBe(2);
    expect(
      screen.getByText('1 page was visited by fewer than 5 participants: too few to rank, not shown.'),
    ).toBeTruthy();
    expect(within(ranking).queryByText('Rarely seen')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Tags' }));
    expect(await screen.findByText('No tags')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=tags');
  });

  it('opens the screen the address names, and draws the gaze over a heatmap page', async () => {
    const fake = useOpenLink();
    // jsdom draws on no canvas: the heatmap is painted in the browser (e2e/share-links.spec.ts)
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    renderWithProviders(<SharedView token={TOKEN} />, { path: `/s/${TOKEN}?view=heatmaps` });
    expect(
      await screen.findByText('11 participants visited this page · 3 gaze samples, whole visits'),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Heatmaps' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('img', { name: 'Gaze on Shoes, whole visits, 11 participants' })).toBeTruthy();
    expect((screen.getByAltText('Screenshot of the page') as HTMLImageElement).getAttribute('src')).toContain(
      '/files/shoes.png',
    );
    expect(fake.calls.some((call) => call.path === '/shared/overview')).toBe(false);
  });

  it('reads a test with lab and remote participants per cohort, the choice kept in the address', async () => {
    const fake = useOpenLink();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).split('?')[0] === '/api/v1/shared')
        return new Response(
          JSON.stringify({
            data: {
              ...shell(false),
              has_password: false,
              test: { name: 'Checkout study', test_type: 'professional', cohorts: { lab: 12, remote: 40 } },
            },
          }),
          { headers: { 'Content-Type': 'application/json' } },
        );
      return fake.fetch(input, init);
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { router } = renderWithProviders(<SharedView token={TOKEN} />, {
      path: `/s/${TOKEN}?view=heatmaps`,
    });
    const cohorts = await screen.findByRole('radiogroup', { name: 'Participants' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(cohorts).getByText('Remote (webcam)'));
    expect(
      await screen.findByText('11 remote participants visited this page · 3 gaze samples, whole visits'),
    ).toBeTruthy();
    expect(fake.calls.some((call) => call.url.endsWith('/shared/heatmaps/5/points?cohort=remote'))).toBe(
      true,
    );

    await user.click(screen.getByRole('tab', { name: 'Pages' }));
    expect(new URLSearchParams(router.state.location.search).get('cohort')).toBe('remote');
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe('pages');
    await screen.findByRole('list', { name: 'Ranking' });
    expect(fake.calls.some((call) => call.url.endsWith('/shared/pages?cohort=remote'))).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(await screen.findByText('Remote participants')).toBeTruthy();
    expect(fake.calls.some((call) => call.url.endsWith('/shared/overview?cohort=remote'))).toBe(true);
  });

  it('shows no cohort filter for a test with one cohort', async () => {
    useOpenLink();
    renderWithProviders(<SharedView token={TOKEN} />, { path: `/s/${TOKEN}` });
    expect(await screen.findByText('01:35')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Participants' })).toBeNull();
  });

  it('has no Pages and Tags for an Essential test, whose link does not share them', async () => {
    const fake = useOpenLink('essential');
    renderWithProviders(<SharedView token={TOKEN} />, { path: `/s/${TOKEN}?view=pages` });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Insights', 'Heatmaps']);
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Essential')).toBeTruthy();
    expect(fake.calls.some((call) => call.path === '/shared/pages')).toBe(false);
  });
});

describe('SharedView of a reel link', () => {
  const VIDEO = '/api/v1/shared/links/9/reel/video?expires=1&signature=x&v=2';
  const reel: SharedReel = {
    insight_assigned_id: 2,
    insight_title: 'Lost at the discount field',
    participants: 3,
    total_participants: 12,
    left_out: 2,
    clips: 4,
    video: VIDEO,
  };
  const reelShell = (locked: boolean): SharedLink => ({
    ...shell(locked),
    scope: 'reel',
    insight_assigned_id: locked ? null : 2,
  });

  it('unlocks, then shows the reel with its title, who is in it, who is left out and its download, and nothing else', async () => {
    const fake = createFakeFetch({
      'GET /shared': (call) => ({ body: { data: reelShell(call.headers['x-share-unlock'] !== 'unlock-1') } }),
      'POST /shared/unlock': { body: { unlock_token: 'unlock-1', expires_at: Date.now() / 1000 + 86_400 } },
      'GET /shared/reel': { body: { data: reel } },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<SharedView token={TOKEN} />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Password'), 'discount-2026');
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Lost at the discount field' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout study' })).toBeTruthy();
    expect(screen.getByText('Acme Retail')).toBeTruthy();
    expect(screen.getByText('shared by Ada Admin · expires 29 Dec 2026', { exact: false })).toBeTruthy();
    const video = screen.getByLabelText('Evidence reel: Lost at the discount field');
    expect(video.getAttribute('src')).toBe(VIDEO);
    expect(video.hasAttribute('autoplay')).toBe(false);
    const download = screen.getByRole('link', { name: 'Download MP4' });
    expect(download.getAttribute('href')).toBe(VIDEO);
    expect(download.getAttribute('download')).toBe('evidence-reel-lost-at-the-discount-field.mp4');
    expect(screen.getByText('3 of 12 participants')).toBeTruthy();
    expect(screen.getByText('2 participants left out (no consent)')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    const asked = fake.calls.map(
      (call) => `${call.method} ${call.url.replace(/^\/api\/v1/, '').split('?')[0]}`,
    );
    expect(
      asked.filter((call) => !['GET /shared', 'POST /shared/unlock', 'GET /shared/reel'].includes(call)),
    ).toEqual([]);
  });

  it('says so clearly when the reel is no longer shown (unpublished, or consent withdrawn)', async () => {
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /shared': { body: { data: { ...reelShell(false), has_password: false } } },
        'GET /shared/reel': {
          status: 404,
          body: { code: 'not_found', message: SHARE_LINK_MESSAGES.reelNotShown },
        },
      }).fetch,
    );
    renderWithProviders(<SharedView token={TOKEN} />);
    expect(await screen.findByText(SHARE_LINK_MESSAGES.reelNotShown)).toBeTruthy();
    expect(screen.getByText('Evidence reel not available')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
  });
});
