import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../api';
import { makeUser, useFakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { BlockDemoCompany, RequireAuth, RequireLicence } from './guards';

describe('guards', () => {
  it('sends a visitor without a stored token to /signup', async () => {
    const { router } = renderWithProviders(<RequireAuth>Secret</RequireAuth>, { path: '/home' });
    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('lets a signed-in user in', async () => {
    useFakeApi({ 'GET /users/me': { body: makeUser() } });
    storeSession('jwt', makeUser());
    renderWithProviders(<RequireAuth>Secret</RequireAuth>, { path: '/home' });
    expect(await screen.findByText('Secret')).toBeTruthy();
  });

  it('redirects to / without the analysis licence', async () => {
    const user = makeUser();
    useFakeApi({ 'GET /users/me': { body: user } });
    storeSession('jwt', user);
    const { router } = renderWithProviders(<RequireLicence licence="analysis">Admin area</RequireLicence>, {
      path: '/admin/companies',
    });
    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets staff with the analysis licence into the admin area', async () => {
    const user = makeUser({
      company: {
        id: 2,
        name: 'Limbus',
        licence_analysis: true,
        licence_research: false,
        is_demo: false,
        is_provider: true,
      },
    });
    useFakeApi({ 'GET /users/me': { body: user } });
    storeSession('jwt', user);
    renderWithProviders(<RequireLicence licence="analysis">Admin area</RequireLicence>, {
      path: '/admin/companies',
    });
    expect(await screen.findByText('Admin area')).toBeTruthy();
  });

  it('keeps the demo company out of Organisation and Members', async () => {
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
    useFakeApi({ 'GET /users/me': { body: demo } });
    storeSession('jwt', demo);
    const { router } = renderWithProviders(<BlockDemoCompany>Members</BlockDemoCompany>, {
      path: '/members',
    });
    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe('/home');
  });
});
