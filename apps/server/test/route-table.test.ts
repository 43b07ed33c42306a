/**
 * The server serves exactly the contract's route table: a route the table lacks, or a table route
 * the server does not serve, fails here. The API reference is the table's document.
 */
import { API_GROUP_DESCRIPTIONS, apiRoutes, buildOpenApiDocument, type Route } from '@limbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const tableRoutes: Route[] = Object.values(apiRoutes).flatMap((group) => Object.values(group));
const keyOf = (route: { method: string; path: string }) => `${route.method} /api/v1${route.path}`;

/** The app's /api/v1 routes, less the HEAD twins Fastify adds to GET routes and the catch-all 404. */
const servedRoutes = () => {
  const api = t.app.registeredRoutes.filter(
    (route) => route.url.startsWith('/api/v1') && route.url !== '/api/v1/*',
  );
  const isGet = (url: string) => api.some((route) => route.method === 'GET' && route.url === url);
  return api.filter((route) => route.method !== 'HEAD' || !isGet(route.url));
};

describe('the route table', () => {
  it('is what the server serves, route for route, with the table’s access', () => {
    const served = servedRoutes();
    const servedKeys = served.map((route) => `${route.method} ${route.url}`).sort();
    expect(servedKeys).toEqual(tableRoutes.map(keyOf).sort());
    for (const route of served) {
      const entry = tableRoutes.find((candidate) => candidate.id === route.routeId);
      expect(entry, `${route.method} ${route.url} is served from the table`).toBeDefined();
      expect(keyOf(entry as Route)).toBe(`${route.method} ${route.url}`);
      expect(route.access).toBe(entry?.access);
    }
  });

  it('is the API reference the server publishes', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument(apiRoutes, API_GROUP_DESCRIPTIONS))),
    );
  });
});
