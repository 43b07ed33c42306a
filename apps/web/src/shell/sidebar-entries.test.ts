import type { User } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fake-api';
import { getSidebarEntries } from './sidebar-entries';

const SUPPORT = 'mailto:help@limbus.test';
const keys = (user: User) => getSidebarEntries(user, SUPPORT).map((entry) => entry.key);
const company = (name: string, licence_analysis = false, licence_research = false) => ({
  id: 9,
  name,
  licence_analysis,
  licence_research,
  is_demo: name === 'Demo',
  is_provider: false,
});

describe('sidebar entries', () => {
  it('gives a client company member the basic entries', () => {
    expect(keys(makeUser({ role: 'company_member' }))).toEqual([
      'home',
      'tests',
      'predictions',
      'resources',
      'organisation',
      'members',
      'account',
      'support',
    ]);
  });

  it('adds Research and Admin with the analysis licence', () => {
    const staff = makeUser({ role: 'company_member', company: company('Limbus', true, true) });
    expect(keys(staff)).toEqual([
      'home',
      'tests',
      'predictions',
      'research',
      'resources',
      'organisation',
      'members',
      'account',
      'admin',
      'support',
    ]);
    expect(getSidebarEntries(staff, SUPPORT).find((entry) => entry.key === 'admin')?.to).toBe(
      '/admin/companies',
    );
  });

  it('shows neither Research nor Admin with the research licence alone', () => {
    const user = makeUser({ company: company('Lab', false, true) });
    expect(keys(user)).not.toContain('research');
    expect(keys(user)).not.toContain('admin');
  });

  it('hides Organisation and Members for the company named Demo', () => {
    const demo = makeUser({ role: 'demo', company_id: 1, company: company('Demo') });
    expect(keys(demo)).toEqual(['home', 'tests', 'predictions', 'resources', 'account', 'support']);
  });

  it('greys Members out for role demo', () => {
    const demoElsewhere = makeUser({ role: 'demo', company: company('Acme') });
    const members = getSidebarEntries(demoElsewhere, SUPPORT).find((entry) => entry.key === 'members');
    expect(members?.disabled).toBe(true);
    const admin = getSidebarEntries(makeUser(), SUPPORT).find((entry) => entry.key === 'members');
    expect(admin?.disabled).toBe(false);
  });

  it('links Support to the external address', () => {
    const support = getSidebarEntries(makeUser(), SUPPORT).find((entry) => entry.key === 'support');
    expect(support).toMatchObject({ to: SUPPORT, external: true });
  });
});
