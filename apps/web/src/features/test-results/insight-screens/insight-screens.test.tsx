import type { LabelWithMetrics, SignificantPoint, TestDetail } from '@limbus/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { TestProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { TestLayout } from '../test-layout';
import { NO_PAGE_DATA, PageInsightsScreen } from './page-insights-screen';
import { TagsScreen } from './tags-screen';

const point = (id: number, emotion: SignificantPoint['emotion'], comment: string): SignificantPoint => ({
  id,
  emotion,
  timestamp_top: id * 1000,
  comment,
  translation: '',
  false_positive: false,
  tags: [],
  ranking: 1,
  score: 0.5,
  participant_id: 40 + id,
  participant_label: `P${String(id).padStart(4, '0')}`,
});

const page = (id: number, name: string, changes: Partial<LabelWithMetrics>): LabelWithMetrics => ({
  id,
  test_id: 7,
  name,
  urls: [],
  match_type: 'exact',
  total_participants: 8,
  average_time: 20_000,
  joy: 0.3,
  attention: 0.5,
  frustration: 0.2,
  emotion_participants: 8,
  intervals: { joy: null, attention: null, frustration: null },
  significant_points: [],
  ...changes,
});

/** A narrow 95 % interval of frustration around a mean: pages far apart are told apart. */
const narrow = (mean: number) => ({
  joy: null,
  attention: null,
  frustration: { lower: mean - 0.02, upper: mean + 0.02 },
});

const LABELS = [
  page(1, 'Home', {
    frustration: 0.1,
    intervals: narrow(0.1),
    significant_points: [point(1, 'joy', 'Likes the hero video')],
  }),
  page(2, 'Checkout', {
    frustration: 0.4,
    intervals: narrow(0.4),
    total_participants: 6,
    significant_points: [
      {
        ...point(2, 'frustration', 'The discount code is refused'),
        tags: [{ id: 11, name: 'Discount code' }],
      },
      point(3, 'frustration', ''),
    ],
  }),
  page(3, 'Basket', { frustration: 0.25, intervals: narrow(0.25) }),
  page(4, 'Search', { frustration: 0.5, total_participants: 3 }),
];

/** Twelve participants, ids 41–52, as the test's detail lists them. */
const PARTICIPANTS: TestDetail['participants'] = Array.from({ length: 12 }, (_, i) => ({
  id: 41 + i,
  real_id: `P${41 + i}`,
  type: 'default',
  started_at: 0,
  ended_at: 60_000,
}));

const DISCOUNT_TAG = {
  id: 11,
  test_id: 7,
  name: 'Discount code',
  description: 'Entering a discount code',
  count: 1,
  participants: 1,
  significant_points: [point(2, 'frustration', 'The discount code is refused')],
};

function renderScreen(
  path: string,
  labels: { status?: number; body: unknown } = { body: { data: { labels: LABELS } } },
  tags: unknown[] = [DISCOUNT_TAG],
  testChanges: Partial<TestDetail> = {},
) {
  const test: TestDetail = makeTestDetail({
    id: 7,
    state: 'done',
    participants: PARTICIPANTS,
    ...testChanges,
  });
  const user = makeUser();
  // biome-ignore lint/correctness/useHookAtTopLevel: useFakeApi installs a fake fetch; it is not a React hook.
  useFakeApi({
    'GET /users/me': { body: user },
    'GET /tests/7': { body: test },
    'GET /tests/7/labels': labels,
    'GET /tests/7/tags': { body: { tags } },
  });
  storeSession('jwt', user);
  const router = createMemoryRouter(
    [
      {
        path: '/test/:id',
        element: <TestLayout />,
        children: [
          { path: 'page-insights', element: <PageInsightsScreen /> },
          { path: 'tags/:tagId?', element: <TagsScreen /> },
          { path: 'locked', element: <p>Locked</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

/** The first render loads the lazy screens and the test: slow on a loaded machine. */
afterEach(() => sessionStorage.clear());

describe('Pages screen', () => {
  it('ranks the pages the filters keep (issue 26: told apart, so numbered), shows why the selected one scores, and explains the top page from Feedback', async () => {
    const router = renderScreen('/test/7/page-insights');
    const ranking = await screen.findByRole('list', { name: 'Ranking' });
    // Search has 3 participants: under the default minimum of 5. Mean of 0.1, 0.4, 0.25 is 0.25.
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      expect.stringContaining('#1CheckoutFrustration 60 % above the mean of the pages shown (index 160)'),
      expect.stringContaining('#2BasketFrustration at the mean of the pages shown (index 100)'),
      expect.stringContaining('#3HomeFrustration 60 % below the mean of the pages shown (index 40)'),
    ]);
    expect(screen.queryByText(/score alike/)).toBeNull();
    // the interval as a range on a bar with a scale, and n, for a screen reader too
    const bars = within(ranking).getAllByRole('img');
    expect(bars[0]?.getAttribute('aria-label')).toBe(
      'Frustration 60 % above the mean of the pages shown (n = 8, 95 % CI 52–68 %)',
    );
    expect(bars[0]?.textContent).toContain('mean');
    const why = screen.getByRole('list', { name: 'Feedback on Checkout' });
    expect(within(why).getAllByRole('listitem')).toHaveLength(1);
    // issue 26, one name per participant: the page's feedback card names participant 42 by its label
    expect(within(why).getByRole('link', { name: /Participant P0002/ }).textContent).toBe(
      'Participant P0002 · watch',
    );
    expect(why.textContent).not.toMatch(/participant 42/i);
    expect(within(why).getByRole('link', { name: 'Discount code' }).getAttribute('href')).toBe(
      '/test/7/tags?tag=11',
    );

    await userEvent.click(screen.getByText('Feedback', { exact: true }));
    expect(screen.getByRole('combobox', { name: 'Page' })).toHaveProperty('value', 'Home');
    expect(screen.getByRole('list', { name: 'Feedback on Home' }).textContent).toContain(
      'Likes the hero video',
    );

    await userEvent.click(
      screen.getByRole('button', { name: 'Find out why Checkout scores relatively high on frustration' }),
    );
    expect(await screen.findByRole('list', { name: 'Ranking' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('issue 26: says plainly that pages whose intervals overlap score alike, with n, instead of #1–#3', async () => {
    const wide = (mean: number) => ({
      joy: null,
      attention: null,
      frustration: { lower: mean - 0.06, upper: mean + 0.06 },
    });
    renderScreen('/test/7/page-insights', {
      body: {
        data: {
          labels: [
            page(1, 'Checkout', { frustration: 0.4, emotion_participants: 12, intervals: wide(0.4) }),
            page(2, 'Home', { frustration: 0.41, emotion_participants: 12, intervals: wide(0.41) }),
            page(3, 'Runner 2', { frustration: 0.405, emotion_participants: 12, intervals: wide(0.405) }),
          ],
        },
      },
    });
    const ranking = await screen.findByRole('list', { name: 'Ranking' });
    expect(
      screen.getByText(
        'Home, Runner 2 and Checkout score alike on frustration (n = 12): their differences could be chance.',
      ),
    ).toBeTruthy();
    const cards = within(ranking).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Alike with Runner 2 and CheckoutHome'),
      expect.stringContaining('Alike with Home and CheckoutRunner 2'),
      expect.stringContaining('Alike with Home and Runner 2Checkout'),
    ]);
    expect(within(ranking).queryByText(/^#\d/)).toBeNull();
    // the link from Compare no longer claims the first page stands out
    await userEvent.click(screen.getByText('Compare', { exact: true }));
    expect(screen.getByRole('button', { name: 'See what participants said on Home' })).toBeTruthy();
  });

  it('says there is no data once the filters leave no page', async () => {
    renderScreen('/test/7/page-insights');
    await screen.findByRole('list', { name: 'Ranking' });
    const seconds = screen.getByRole('textbox', { name: /Minimum seconds/ });
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '21');
    expect(await screen.findByText(NO_PAGE_DATA)).toBeTruthy();
  });
});

describe('Tags screen', () => {
  it('opens the Feedback of the tag an address names, and leaving Compare resets the emotion to frustration', async () => {
    renderScreen('/test/7/tags?tag=11');
    expect(await screen.findByRole('list', { name: 'Feedback on Discount code' })).toBeTruthy();
    await userEvent.click(screen.getByText('Compare', { exact: true }));
    await userEvent.click(screen.getByRole('radio', { name: 'Joy' }));
    await userEvent.click(screen.getByText('Feedback', { exact: true }));
    expect(screen.getByRole('radio', { name: 'Frustration' })).toHaveProperty('checked', true);
  });

  it('issue 26: says that tags hit by different participants about as often score alike, with n, instead of #1–#3', async () => {
    /** A frustration point of participant 41 + i on a tag. */
    const on = (tagId: number, name: string, i: number, id: number): SignificantPoint => ({
      ...point(id, 'frustration', `Comment ${id}`),
      participant_id: 41 + i,
      tags: [{ id: tagId, name }],
    });
    const tag = (id: number, name: string, participantIndexes: number[]) => ({
      ...DISCOUNT_TAG,
      id,
      name,
      description: '',
      count: participantIndexes.length,
      participants: participantIndexes.length,
      significant_points: participantIndexes.map((i, k) => on(id, name, i, id * 100 + k)),
    });
    renderScreen('/test/7/tags', undefined, [
      tag(21, 'Size guide', [0, 2, 4, 6]),
      tag(22, 'Delivery', [1, 3, 5]),
      tag(23, 'Search', [7, 8, 9, 10, 11]),
    ]);
    const ranking = await screen.findByRole('list', { name: 'Ranking' });
    expect(
      screen.getByText(
        'Search, Size guide and Delivery score alike on frustration peaks (n = 12): their differences could be chance.',
      ),
    ).toBeTruthy();
    expect(within(ranking).queryByText(/^#\d/)).toBeNull();
    expect(within(ranking).getAllByRole('listitem')[0]?.textContent).toContain(
      'Alike with Size guide and DeliverySearch',
    );
    expect(within(ranking).getByText(/^5 peaks of frustration \(n = 12, 95 % CI \d+–\d+\)$/)).toBeTruthy();
  });

  it("issue 26, one name per participant: a tag's feedback card names the participant by its label, not its id", async () => {
    renderScreen('/test/7/tags?tag=11');
    const feedback = await screen.findByRole('list', { name: 'Feedback on Discount code' });
    // point 2 is participant 42's, labelled P0002
    const watch = within(feedback).getByRole('link', {
      name: 'Participant P0002 · watch the recording at this point',
    });
    expect(watch.textContent).toBe('Participant P0002 · watch');
    expect(feedback.textContent).not.toMatch(/participant 42/i);
  });

  it("issue 26, one language per reader: a tag's feedback shows an English reader the translation, the Dutch original on the toggle", async () => {
    const dutch = {
      ...DISCOUNT_TAG,
      significant_points: [
        {
          ...point(2, 'frustration', 'De kortingscode wordt geweigerd'),
          translation: 'The discount code is refused',
        },
      ],
    };
    renderScreen('/test/7/tags?tag=11', undefined, [dutch], {
      translation: 'Dutch',
      translation_language: 'English',
    });
    const feedback = await screen.findByRole('list', { name: 'Feedback on Discount code' });
    expect(feedback.textContent).toContain('The discount code is refused');
    expect(feedback.textContent).not.toContain('De kortingscode');
    await userEvent.click(screen.getByRole('radio', { name: 'Original (Dutch)' }));
    expect(screen.getByRole('list', { name: 'Feedback on Discount code' }).textContent).toContain(
      'De kortingscode wordt geweigerd',
    );
  });

  it('sends a test whose data the server refuses (Essential) to the locked screen', async () => {
    const router = renderScreen('/test/7/page-insights', {
      status: 403,
      body: { code: 'forbidden', message: 'Pages are part of Professional' },
    });
    expect(await screen.findByText('Locked')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/test/7/locked');
  });
});
