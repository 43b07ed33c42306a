import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { buildWorld, signIn } from '../../test/factories.js';

// Headers every answer carries (issue 28, findings 4 and 8).

describe('plain HTTP at a name other than loopback (finding 4)', () => {
  let plain: TestApp;
  let secure: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ PUBLIC_URL: 'http://limbus.lan:3000' });
    secure = await createTestApp({ PUBLIC_URL: 'https://limbus.example' });
  });
  afterAll(async () => {
    await plain.close();
    await secure.close();
  });

  it('sends neither upgrade-insecure-requests nor HSTS when PUBLIC_URL is http', async () => {
    const answer = await plain.app.inject({ url: '/api/v1/countries' });
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends both when PUBLIC_URL is https', async () => {
    const answer = await secure.app.inject({ url: '/api/v1/countries' });
    expect(answer.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('API answers are not cached (finding 8)', () => {
  let t: TestApp;
  let authorization: string;
  beforeAll(async () => {
    t = await createTestApp();
    const world = await buildWorld(t.db);
    ({ authorization } = await signIn(t.app, world.clientAdmin.email));
  });
  afterAll(() => t.close());

  it('answers JSON about users and results with no-store, errors too', async () => {
    for (const url of ['/api/v1/users/me', '/api/v1/tests', '/api/v1/tests/999999']) {
      const answer = await t.app.inject({ url, headers: { authorization } });
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ url: '/api/v1/tests' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves the caching a route chose itself (signed media, the web app)', async () => {
    const app = await t.app.inject({ url: '/' });
    expect(app.headers['cache-control']).not.toBe('no-store');
  });
});
