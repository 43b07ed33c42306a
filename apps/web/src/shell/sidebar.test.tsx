import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, useFakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { isCollapsedPath } from '../ui/layout-constants';
import { Sidebar } from './sidebar';

describe('Sidebar', () => {
  it('renders the entries as links, Members disabled for a demo user, and Create new test', () => {
    useFakeApi({ 'GET /tests': { body: [] } });
    const demo = makeUser({
      role: 'demo',
      company: {
        id: 3,
        name: 'Acme',
        licence_analysis: false,
        licence_research: false,
        is_demo: false,
        is_provider: false,
      },
    });
    renderWithProviders(<Sidebar user={demo} />, { path: '/home' });

    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'User tests' }).getAttribute('href')).toBe('/tests');
    expect(screen.getByRole('button', { name: /Members/ }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.getByRole('link', { name: /Support/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /Create new test/ }).getAttribute('href')).toBe('/create-test');
    // the support chat opens from the sidebar, not from a button floating over the page
    expect(screen.getByRole('button', { name: 'Message us' }).getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('keeps User tests current while a test is ordered', () => {
    useFakeApi({ 'GET /tests': { body: [] } });
    renderWithProviders(<Sidebar user={makeUser()} />, { path: '/create-test/web/4' });
    expect(screen.getByRole('link', { name: 'User tests' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows Admin and Research for the analysis licence', () => {
    useFakeApi({ 'GET /tests': { body: [] } });
    const staff = makeUser({
      company: {
        id: 2,
        name: 'Limbus',
        licence_analysis: true,
        licence_research: true,
        is_demo: false,
        is_provider: true,
      },
    });
    renderWithProviders(<Sidebar user={staff} />, { path: '/home' });

    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin/companies');
    expect(screen.getByRole('link', { name: 'Research' })).toBeTruthy();
  });

  it('collapses to icons with accessible names', () => {
    useFakeApi({ 'GET /tests': { body: [] } });
    renderWithProviders(<Sidebar user={makeUser()} collapsed />, { path: '/admin/companies' });

    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create new test' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('collapses inside /test/, /video-test/, /admin/ and /research/ only', () => {
    for (const path of [
      '/test/4/overview/',
      '/video-test/2/summary/',
      '/admin/companies',
      '/research/test/1/test-setup',
    ]) {
      expect(isCollapsedPath(path)).toBe(true);
    }
    for (const path of ['/home', '/tests', '/testing', '/account']) expect(isCollapsedPath(path)).toBe(false);
  });
});
