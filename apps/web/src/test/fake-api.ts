import type { User } from '@limbus/contract';
import { vi } from 'vitest';
import { api } from '../api';

export type FakeCall = {
  method: string;
  path: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
};
type Reply = { status?: number; body?: unknown };
type Handler = (call: FakeCall) => Reply | Promise<Reply>;

/** A fake fetch routed by "METHOD /path" (path without /api/v1 and query); records every call. */
export function createFakeFetch(routes: Record<string, Handler | Reply>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.replace(/^\/api\/v1/, '').split('?')[0] ?? '';
    const method = init?.method ?? 'GET';
    const call: FakeCall = {
      method,
      path,
      url,
      body:
        typeof init?.body === 'string'
          ? JSON.parse(init.body)
          : init?.body instanceof Blob
            ? init.body
            : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const reply =
      typeof route === 'function'
        ? await route(call)
        : (route ?? { status: 404, body: { code: 'not_found', message: 'No route' } });
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch: fetchMock as unknown as typeof fetch, calls };
}

/** Points the app's API client at a fake fetch for one test. */
export function useFakeApi(routes: Record<string, Handler | Reply>) {
  const fake = createFakeFetch(routes);
  api.configure({ fetch: fake.fetch, onServerError: undefined, onSessionExpired: undefined });
  return fake;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 10,
    email: 'ada@acme.test',
    role: 'company_admin',
    company_id: 5,
    company: {
      id: 5,
      name: 'Acme',
      licence_analysis: false,
      licence_research: false,
      is_demo: false,
      is_provider: false,
    },
    profile: { first_name: 'Ada', last_name: 'Lovelace', newsletter: false, language: '' },
    last_login: 0,
    confirmed: true,
    ...overrides,
  };
}
