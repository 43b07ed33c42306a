import { type Company, TEST_MESSAGES, type TestDetail } from '@limbus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../api';
import { type FakeCall, makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import type { TestWriteInput } from '../test-body';
import { NewTestOrder, SavedTestOrder } from './order-page';

const user = makeUser();

function company(essential: number, professional: number): Company {
  const contract = {
    id: 1,
    start_date: '2026-01-01',
    end_date: '2027-01-01',
    endDate: '2027-01-01',
    is_active: true,
    comments: '',
    company_id: 5,
    available_tests: { essential, professional },
    bundles: [],
  };
  return {
    id: 5,
    name: 'Acme',
    address: '',
    postal_code: '',
    city: '',
    country_id: null,
    country: null,
    admin_id: null,
    admin: null,
    consultant_id: null,
    consultant: null,
    business_developer_id: null,
    business_developer: null,
    licence_analysis: false,
    licence_research: false,
    is_demo: false,
    contracts: [contract],
    contract,
  };
}

/** A draft of company 5 (the signed-in user's) with one association and no task yet. */
function makeTest(change: Partial<TestDetail> = {}): TestDetail {
  return makeTestDetail({
    id: 21,
    name: 'Checkout',
    state: 'draft',
    company_id: 5,
    company: { id: 5, name: 'Acme', licence_analysis: false },
    scenario: '',
    stop_moment: '',
    associations: [{ id: 3, text: 'Fast', default: false, answers: [] }],
    open_questions: [],
    ...change,
  });
}

const elsewhere = [
  { path: '/tests', element: <p>Tests list</p> },
  { path: '/success', element: <p>Success screen</p> },
];

function renderNew(
  credits: Company,
  routes: Record<string, (call: FakeCall) => { status?: number; body?: unknown }> = {},
) {
  storeSession('jwt', user);
  // biome-ignore lint/correctness/useHookAtTopLevel: useFakeApi installs a fake fetch; it is not a React hook.
  const fake = useFakeApi({
    'GET /users/me': { body: user },
    'GET /companies/5': { body: credits },
    ...routes,
  });
  renderWithProviders(<NewTestOrder kind="web" />, { path: '/create-test/web', routes: elsewhere });
  return fake;
}

describe('ordering form', () => {
  it('shows the out-of-tests banner for the chosen type instead of Request test', async () => {
    const userActions = userEvent.setup();
    renderNew(company(2, 0));
    expect(await screen.findByRole('heading', { name: 'Create Website Test' })).toBeTruthy();
    expect(await screen.findByText(TEST_MESSAGES.outOfTestsTitle('professional'))).toBeTruthy();
    expect(screen.getByText(TEST_MESSAGES.outOfTests('professional'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request test' })).toBeNull();

    await userActions.click(screen.getByRole('radio', { name: /Essential/ }));
    expect(await screen.findByRole('button', { name: 'Request test' })).toBeTruthy();
    expect(screen.getByText('2 Essential tests remaining')).toBeTruthy();
    expect(screen.queryByText(TEST_MESSAGES.outOfTestsTitle('professional'))).toBeNull();
  });

  it('saves a draft with only a name, then goes to /tests/ after a second', async () => {
    const userActions = userEvent.setup();
    // when the server answered: the wait for the list starts after that, whatever the test's polling
    let answeredAt = 0;
    const fake = renderNew(company(2, 2), {
      'POST /tests': (call) => {
        answeredAt = Date.now();
        return { status: 201, body: makeTest({ name: (call.body as { test: { name: string } }).test.name }) };
      },
    });
    await screen.findByRole('heading', { name: 'Create Website Test' });

    await userActions.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(screen.getByRole('textbox', { name: /Test name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await userActions.type(screen.getByRole('textbox', { name: /Test name/ }), 'Checkout');
    await userActions.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = fake.calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ test: { name: 'Checkout', state: 'draft', platform: 'desktop' } });
    expect(screen.queryByText('Tests list')).toBeNull();
    await screen.findByText('Tests list');
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(900);
  });

  it('stays on the form when a request is incomplete, and goes to /success/ once it is sent', async () => {
    const userActions = userEvent.setup();
    const fake = renderNew(company(2, 2), {
      'POST /tests': () => ({ status: 201, body: makeTest({ state: 'requested' }) }),
    });
    await screen.findByRole('heading', { name: 'Create Website Test' });
    await userActions.type(screen.getByRole('textbox', { name: /Test name/ }), 'Checkout');
    await userActions.click(await screen.findByRole('button', { name: 'Request test' }));

    expect(screen.getByText('Some fields need your attention.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Scenario/ }).getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await userActions.type(screen.getByRole('textbox', { name: /Purpose/ }), 'Learn');
    await userActions.type(screen.getByRole('textbox', { name: /Scenario/ }), 'Buy shoes');
    await userActions.type(screen.getByRole('textbox', { name: /End point/ }), 'Thank you page');
    await userActions.type(screen.getByRole('textbox', { name: 'Association 1' }), 'Playful');
    await userActions.click(screen.getByRole('checkbox', { name: /Tagon \+€2,500/ }));
    await userActions.click(screen.getByRole('button', { name: 'Request test' }));

    expect(await screen.findByText('Success screen')).toBeTruthy();
    const post = fake.calls.find((call) => call.method === 'POST');
    const sent = (post?.body as { test: TestWriteInput } | undefined)?.test;
    expect(sent).toMatchObject({ state: 'requested', addons: ['tagon'], purpose: 'Learn' });
    expect(sent?.associations?.slice(0, 2)).toEqual([{ text: 'Playful' }, { text: '', _destroy: true }]);
  });

  it('shows the server refusal on the form', async () => {
    const userActions = userEvent.setup();
    renderNew(company(0, 0), {
      'POST /tests': () => ({
        status: 403,
        body: { code: 'forbidden', message: TEST_MESSAGES.otherCompany },
      }),
    });
    await userActions.type(await screen.findByRole('textbox', { name: /Test name/ }), 'Checkout');
    await userActions.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(TEST_MESSAGES.otherCompany)).toBeTruthy();
    expect(screen.queryByText('Tests list')).toBeNull();
  });

  it('edits a draft (Edit Test) and deletes it after confirmation', async () => {
    const userActions = userEvent.setup();
    storeSession('jwt', user);
    const fake = useFakeApi({
      'GET /users/me': { body: user },
      'GET /companies/5': { body: company(1, 1) },
      'GET /tests/21': { body: makeTest() },
      'DELETE /tests/21': { body: { message: 'The test has been removed' } },
    });
    renderWithProviders(<SavedTestOrder kind="web" id="21" />, {
      path: '/create-test/web/21',
      routes: elsewhere,
    });

    expect(await screen.findByRole('heading', { name: 'Edit Test' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Test name/ }) as HTMLInputElement).value).toBe('Checkout');
    expect((screen.getByRole('textbox', { name: 'Association 1' }) as HTMLInputElement).value).toBe('Fast');
    expect(screen.getAllByRole('textbox', { name: /^Association \d$/ })).toHaveLength(5);

    await userActions.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TEST_MESSAGES.confirmRemove)).toBeTruthy();
    await userActions.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tests list')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'DELETE' && call.path === '/tests/21')).toBe(true);
  });

  it('goes to /success/ after requesting a draft, although the refetched test is then a view', async () => {
    const userActions = userEvent.setup();
    storeSession('jwt', user);
    let stored = makeTest({ scenario: 'Buy shoes', stop_moment: 'Thank you page' });
    const fake = useFakeApi({
      'GET /users/me': { body: user },
      'GET /companies/5': { body: company(1, 1) },
      'GET /tests/21': () => ({ body: stored }),
      'PATCH /tests/21': () => {
        stored = { ...stored, state: 'requested' };
        return { body: stored };
      },
    });
    renderWithProviders(<SavedTestOrder kind="web" id="21" />, {
      path: '/create-test/web/21',
      routes: elsewhere,
    });
    await userActions.click(await screen.findByRole('button', { name: 'Request test' }));
    expect(await screen.findByText('Success screen')).toBeTruthy();
    const patch = fake.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({ test: { state: 'requested', name: 'Checkout' } });
  });

  it('shows a requested test read-only (View Test) without actions, and a video test without video asks for one', async () => {
    storeSession('jwt', user);
    useFakeApi({
      'GET /users/me': { body: user },
      'GET /companies/5': { body: company(1, 1) },
      'GET /tests/22': { body: makeTest({ id: 22, platform: 'video', state: 'requested', video: null }) },
    });
    renderWithProviders(<SavedTestOrder kind="video" id="22" />, { path: '/create-test/video/22' });

    expect(await screen.findByRole('heading', { name: 'View Test' })).toBeTruthy();
    // a view is a summary, not a form
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('No video yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Video' })).toBeNull();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.setup().upload(input, new File(['x'], 'spot.mp4', { type: 'video/mp4' }));
    expect(await screen.findByRole('button', { name: 'Save Video' })).toBeTruthy();
  });

  it('shows a requested web test as a readable summary with its add-ons priced', async () => {
    storeSession('jwt', user);
    useFakeApi({
      'GET /users/me': { body: user },
      'GET /companies/5': { body: company(1, 1) },
      'GET /tests/24': {
        body: makeTest({
          id: 24,
          state: 'requested',
          purpose: 'Find where shoppers hesitate',
          scenario: 'Buy shoes',
          stop_moment: 'Thank you page',
          focus_elements: ['Delivery options', 'Discount code'],
          open_questions: [{ id: 9, text: 'What did you miss?', default: false, answers: [] }],
          addons: ['tagon'],
          timing: 'Before the summer sale',
          updated_at: 1_795_000_000,
        }),
      },
    });
    renderWithProviders(<SavedTestOrder kind="web" id="24" />, { path: '/create-test/web/24' });

    expect(await screen.findByRole('heading', { name: 'View Test' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Checkout', level: 2 })).toBeTruthy();
    expect(screen.getByText('Requested')).toBeTruthy();
    expect(screen.getByText(/updated 18 Nov 2026/)).toBeTruthy();
    for (const section of ['About the test', 'The task', 'Target group', 'Questions for participants'])
      expect(screen.getByRole('region', { name: section })).toBeTruthy();
    expect(screen.getByText('Buy shoes')).toBeTruthy();
    expect(screen.getByText('Discount code')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Associations' })).getByText('Fast')).toBeTruthy();
    expect(screen.getByText('What did you miss?')).toBeTruthy();
    const addons = screen.getByRole('list', { name: 'Add-ons' });
    expect(within(addons).getByText('+€2,500')).toBeTruthy();
    expect(within(addons).queryByText(/Individual participant data/)).toBeNull();
    expect(screen.getByText('Before the summer sale')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sends a test of the other kind to its own form', async () => {
    storeSession('jwt', user);
    useFakeApi({
      'GET /users/me': { body: user },
      'GET /companies/5': { body: company(1, 1) },
      'GET /tests/23': { body: makeTest({ id: 23, platform: 'video' }) },
    });
    const { router } = renderWithProviders(<SavedTestOrder kind="web" id="23" />, {
      path: '/create-test/web/23',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-test/video/23'));
  });
});
