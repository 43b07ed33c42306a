import { RESOURCE_TYPES, resourceListAnswer, resourceSchema } from '@limbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { sanitizeResourceBody } from '../rich-text/sanitize-rich-text.js';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.js';
import { DEMO_ARTICLES } from './demo-resources.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, new Date());
});
afterAll(() => t?.close());

async function get(email: string, url: string) {
  const token = (
    await t.app.inject({ method: 'POST', url: '/api/v1/tokens', payload: { email, password: DEMO_PASSWORD } })
  ).json().access_token;
  return t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
}

describe('demo resources', () => {
  it('are written in markup the sanitizer keeps as it is', () => {
    for (const article of DEMO_ARTICLES) expect(sanitizeResourceBody(article.body)).toBe(article.body.trim());
  });

  it('give client users one published article of every type, with tags and a body', async () => {
    const list = resourceListAnswer.parse(
      (await get('client.member@limbus.test', '/api/v1/resources')).json(),
    );
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.every((resource) => resource.published && resource.tags.length > 0)).toBe(true);
    expect(new Set(list.map((resource) => resource.resource_type))).toEqual(new Set(RESOURCE_TYPES));
    const first = list[0];
    if (!first) throw new Error('no resource');
    const article = resourceSchema.parse(
      (await get('client.member@limbus.test', `/api/v1/resources/${first.id}`)).json(),
    );
    expect(article.body.length).toBeGreaterThan(200);
    expect(article.author).toBe('Sanne de Vries');
  });

  it('keep one draft that only the provider company sees', async () => {
    const all = resourceListAnswer.parse((await get('researcher@limbus.test', '/api/v1/resources')).json());
    const drafts = all.filter((resource) => !resource.published);
    expect(drafts).toHaveLength(1);
    const response = await get('client.admin@limbus.test', `/api/v1/resources/${drafts[0]?.id}`);
    expect(response.statusCode).toBe(404);
  });
});
