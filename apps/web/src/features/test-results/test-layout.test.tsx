import type { TestDetail, User } from '@limbus/contract';
import { render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSession } from '../../api';
import { makeUser, useFakeApi } from '../../test/fake-api';
import { TestProviders } from '../../test/render';
import { makeTestDetail } from '../../test/test-detail';
import { resetSupportChat, useSupportChat } from '../support/support-chat-store';
import { IntroductionPage } from './introduction-page';
import { LockedPage } from './locked-page';
import { TestLayout } from './test-layout';

function makeTest(overrides: Partial<TestDetail> = {}): TestDetail {
  return makeTestDetail({
    name: 'Running webshop',
    state: 'done',
    company_id: 5,
    company: { id: 5, name: 'Acme', licence_analysis: false },
    ...overrides,
  });
}

function renderResults(
  path: string,
  { user = makeUser(), test = makeTest() }: { user?: User; test?: TestDetail | null } = {},
) {
  // biome-ignore lint/correctness/useHookAtTopLevel: useFakeApi installs a fake fetch; it is not a React hook.
  const fake = useFakeApi({
    'GET /users/me': { body: user },
    [`GET /tests/${test?.id ?? 7}`]: test
      ? { body: test }
      : { status: 404, body: { code: 'not_found', message: 'The test was not found' } },
  });
  storeSession('jwt', user);
  const children = [
    { path: 'demo', element: <IntroductionPage /> },
    { path: 'locked', element: <LockedPage /> },
    { path: '*', element: <p>Result page</p> },
  ];
  const router = createMemoryRouter(
    [
      { path: '/test/:id', element: <TestLayout />, children },
      { path: '/video-test/:id', element: <TestLayout />, children },
      { path: '/tests', element: <p>Tests list</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, fake };
}

afterEach(() => {
  resetSupportChat();
  sessionStorage.clear();
});

describe('TestLayout', () => {
  it('shows the test name and View report for a done test, without Research for unlicensed companies', async () => {
    renderResults('/test/7/overview/');
    expect(await screen.findByRole('heading', { name: 'Running webshop' })).toBeTruthy();
    expect(screen.getByText('Result page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View report' }).getAttribute('href')).toBe('/test/7/overview/');
    expect(screen.queryByRole('link', { name: 'Open in Research' })).toBeNull();
  });

  it('shows Preview report for a test not done, Open in Research with the research licence, video summary for video', async () => {
    const researcher = makeUser({
      company: {
        id: 5,
        name: 'Acme',
        licence_analysis: false,
        licence_research: true,
        is_demo: false,
        is_provider: false,
      },
    });
    renderResults('/video-test/7/summary/', {
      user: researcher,
      test: makeTest({ state: 'in-progress', platform: 'video' }),
    });
    const report = await screen.findByRole('link', { name: 'Preview report' });
    expect(report.getAttribute('href')).toBe('/video-test/7/summary/');
    expect(screen.getByRole('link', { name: 'Open in Research' }).getAttribute('href')).toBe(
      '/research/test/7/test-setup',
    );
  });

  it('sends a test that cannot be loaded to /tests', async () => {
    const { router } = renderResults('/test/7/overview/', { test: null });
    expect(await screen.findByText('Tests list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tests');
  });

  it('sends demo users to the introduction, whose Continue leads to the results', async () => {
    const { router } = renderResults('/test/7/overview/', { user: makeUser({ role: 'demo' }) });
    expect(await screen.findByRole('heading', { name: 'Introduction to the product' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/test/7/demo');
    expect(screen.getAllByRole('region')).toHaveLength(6);
    const next = screen.getByRole('link', { name: 'Continue to test' });
    expect(next.getAttribute('href')).toBe('/test/7/overview/');
    await userEvent.setup().click(next);
    expect(await screen.findByText('Result page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/test/7/overview/');
  });

  it('continues to the video summary from the introduction of a video test', async () => {
    renderResults('/video-test/7/summary/', {
      user: makeUser({ role: 'demo' }),
      test: makeTest({ platform: 'video' }),
    });
    const next = await screen.findByRole('link', { name: 'Continue to test' });
    expect(next.getAttribute('href')).toBe('/video-test/7/summary/');
  });

  it('locks Professional pages of an Essential test; Upgrade opens the chat with a prefilled request', async () => {
    const { router } = renderResults('/test/7/tags/2', { test: makeTest({ test_type: 'essential' }) });
    expect(await screen.findByRole('heading', { name: 'Upgrade to Professional' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/test/7/locked');
    const features = within(screen.getByRole('list', { name: 'Professional features' }));
    for (const feature of ['Pages', 'Tags', 'Three extra consultant findings', 'Consultant presentation'])
      expect(features.getByText(feature)).toBeTruthy();
    const chat = renderHook(() => useSupportChat());
    expect(chat.result.current.isOpen).toBe(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(chat.result.current).toMatchObject({
      isOpen: true,
      draft: 'I would like to upgrade the test “Running webshop” of Acme to Professional.',
    });
  });

  it('shows the cohort filter for a test with lab and remote participants, and keeps the cohort on its links', async () => {
    const { router } = renderResults('/test/7/overview/?cohort=remote', {
      test: makeTest({ test_type: 'professional', cohorts: { lab: 12, remote: 40 } }),
    });
    const filter = await screen.findByRole('radiogroup', { name: 'Participants' });
    expect(within(filter).getByRole('radio', { name: 'Remote (webcam)' })).toHaveProperty('checked', true);
    const nav = within(screen.getByRole('navigation', { name: 'Test results' }));
    const pages = nav.getByRole('link', { name: 'Pages' });
    expect(pages.getAttribute('href')).toMatch(/\?cohort=remote$/);
    await userEvent.click(pages);
    expect(router.state.location.search).toBe('?cohort=remote');
  });

  it('has no cohort filter for a test with lab participants only', async () => {
    renderResults('/test/7/overview/', { test: makeTest({ cohorts: { lab: 12, remote: 0 } }) });
    expect(await screen.findByRole('heading', { name: 'Running webshop' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Participants' })).toBeNull();
  });
});
