import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fake-api';
import { accessRedirect, isProfessionalOnlyPage, reportLabel, upgradeMessage } from './test-access';

const professional = { id: 4, test_type: 'professional', platform: 'desktop' } as const;
const essential = { ...professional, test_type: 'essential' } as const;
const demo = makeUser({ role: 'demo' });
const client = makeUser();

describe('results access', () => {
  it('knows the Professional-only pages', () => {
    for (const path of [
      '/test/4/page-insights',
      '/test/4/tags',
      '/test/4/tags/2',
      '/test/4/journey/',
      '/test/4/benchmark',
    ])
      expect(isProfessionalOnlyPage(path)).toBe(true);
    for (const path of ['/test/4/overview/', '/test/4/insights', '/test/4/locked', '/video-test/4/tags'])
      expect(isProfessionalOnlyPage(path)).toBe(false);
  });

  it('sends demo users to the introduction from every test page but the introduction', () => {
    expect(accessRedirect(professional, demo, '/test/4/overview/')).toBe('/test/4/demo');
    expect(accessRedirect(essential, demo, '/test/4/tags')).toBe('/test/4/demo');
    expect(accessRedirect(professional, demo, '/test/4/demo')).toBeNull();
    expect(accessRedirect(professional, demo, '/test/4/overview/', true)).toBeNull();
    expect(accessRedirect(essential, demo, '/test/4/tags', true)).toBe('/test/4/locked');
    expect(accessRedirect({ ...professional, platform: 'video' }, demo, '/video-test/4/summary/')).toBe(
      '/test/4/demo?type=video',
    );
  });

  it('locks Professional pages of Essential tests only', () => {
    expect(accessRedirect(essential, client, '/test/4/tags/1')).toBe('/test/4/locked');
    expect(accessRedirect(essential, client, '/test/4/overview/')).toBeNull();
    expect(accessRedirect(professional, client, '/test/4/tags/1')).toBeNull();
  });

  it('labels the report button by state and names test and company in the upgrade request', () => {
    expect(reportLabel({ state: 'done' })).toBe('View report');
    expect(reportLabel({ state: 'draft' })).toBe('Preview report');
    expect(upgradeMessage({ name: 'Shop', company: { id: 5, name: 'Acme', licence_analysis: false } })).toBe(
      'I would like to upgrade the test “Shop” of Acme to Professional.',
    );
  });
});
