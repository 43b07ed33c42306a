import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../api';
import { createFakeFetch, makeUser, useFakeApi } from '../test/fake-api';
import { TestProviders } from '../test/render';
import { routes } from './router';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('route table', () => {
  it('sends / without a stored token to /signup', async () => {
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('redirects / to /home and greets the user by first name', async () => {
    const user = makeUser();
    useFakeApi({
      'GET /users/me': { body: user },
      'GET /tests': { body: [] },
      'GET /companies/5': { status: 404, body: { code: 'not_found', message: 'x' } },
    });
    storeSession('jwt', user);
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect((await screen.findByRole('link', { name: /Create a new test/ })).getAttribute('href')).toBe(
      '/create-test',
    );
  });

  it('sends a demo user to /demo after sign-in', async () => {
    const demo = makeUser({
      role: 'demo',
      company_id: 1,
      company: {
        id: 1,
        name: 'Demo',
        licence_analysis: false,
        licence_research: false,
        is_demo: true,
        is_provider: false,
      },
    });
    useFakeApi({
      'POST /tokens': { body: { access_token: 'jwt', user: demo } },
      'GET /users/me': { body: demo },
      'GET /tests': { body: [] },
    });
    const router = renderApp('/signup');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Sign in' });
    await user.type(form.querySelector('input[type="email"]') as HTMLElement, 'demo@x.test');
    await user.type(form.querySelector('input[type="password"]') as HTMLElement, 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Learn' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/demo');
  });

  it('shows the 404 page inside the shell for an unknown address', async () => {
    const user = makeUser();
    useFakeApi({ 'GET /users/me': { body: user }, 'GET /tests': { body: [] } });
    storeSession('jwt', user);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'This page does not exist' })).toBeTruthy();
  });

  it("opens a remote cohort's participant link without an account, outside the shell", async () => {
    const fake = createFakeFetch({
      'GET /remote/study': {
        status: 404,
        body: { code: 'not_found', message: 'This study link is not known' },
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    const router = renderApp('/p/a1b2c3');
    expect(await screen.findByRole('heading', { name: 'Study not available' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/p/a1b2c3');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(fake.calls.map((call) => call.headers.Authorization)).toEqual(['Remote a1b2c3']);
  });
});
