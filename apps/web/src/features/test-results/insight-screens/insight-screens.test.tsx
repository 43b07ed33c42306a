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

const LABELS = [
  page(1, 'Home', { frustration: 0.1, significant_points: [point(1, 'joy', 'Likes the hero video')] }),
  page(2, 'Checkout', {
    frustration: 0.4,
    total_participants: 6,
    significant_points: [
      {
        ...point(2, 'frustration', 'The discount code is refused'),
        tags: [{ id: 11, name: 'Discount code' }],
      },
      point(3, 'frustration', ''),
    ],
  }),
  page(3, 'Basket', { frustration: 0.25 }),
  page(4, 'Search', { frustration: 0.5, total_participants: 3 }),
];

function renderScreen(
  path: string,
  labels: { status?: number; body: unknown } = { body: { data: { labels: LABELS } } },
) {
  const test: TestDetail = makeTestDetail({ id: 7, state: 'done' });
  const user = makeUser();
  // biome-ignore lint/correctness/useHookAtTopLevel: useFakeApi installs a fake fetch; it is not a React hook.
  useFakeApi({
    'GET /users/me': { body: user },
    'GET /tests/7': { body: test },
    'GET /tests/7/labels': labels,
    'GET /tests/7/tags': {
      body: {
        tags: [
          {
            id: 11,
            test_id: 7,
            name: 'Discount code',
            description: 'Entering a discount code',
            count: 1,
            participants: 1,
            significant_points: [point(2, 'frustration', 'The discount code is refused')],
          },
        ],
      },
    },
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
  it('ranks the pages the filters keep, shows why the selected one scores, and explains the top page from Feedback', async () => {
    const router = renderScreen('/test/7/page-insights');
    const ranking = await screen.findByRole('list', { name: 'Ranking' });
    // Search has 3 participants: under the default minimum of 5. Mean of 0.1, 0.4, 0.25 is 0.25.
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      expect.stringContaining('CheckoutFrustration index 160 (60 % above the mean)'),
      expect.stringContaining('BasketFrustration index 100 (at the mean)'),
      expect.stringContaining('HomeFrustration index 40 (60 % below the mean)'),
    ]);
    const why = screen.getByRole('list', { name: 'Feedback on Checkout' });
    expect(within(why).getAllByRole('listitem')).toHaveLength(1);
    // issue 26, one name per participant: the page's feedback card names participant 42 by its label
    expect(within(why).getByRole('link', { name: /participant P0002/ }).textContent).toBe(
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

  it("issue 26, one name per participant: a tag's feedback card names the participant by its label, not its id", async () => {
    renderScreen('/test/7/tags?tag=11');
    const feedback = await screen.findByRole('list', { name: 'Feedback on Discount code' });
    // point 2 is participant 42's, labelled P0002
    const watch = within(feedback).getByRole('link', {
      name: 'Watch the recording of participant P0002 at this point',
    });
    expect(watch.textContent).toBe('Participant P0002 · watch');
    expect(feedback.textContent).not.toMatch(/participant 42/i);
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
