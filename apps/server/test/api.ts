import { ERROR_STATUS, type ErrorCode, errorBodySchema } from '@limbus/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, lastMailTo, type TestApp } from './create-test-app.js';
import { buildWorld, signIn } from './factories.js';

export type Session = Awaited<ReturnType<typeof signIn>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls /api/v1 with the bearer token of a session, or anonymously without one. */
export function apiClient(app: FastifyInstance, session?: Pick<Session, 'authorization'>) {
  const call = (method: Method, url: string, payload?: InjectOptions['payload']) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      headers: session ? { authorization: session.authorization } : {},
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: InjectOptions['payload'] = {}) => call('POST', url, payload),
    patch: (url: string, payload: InjectOptions['payload']) => call('PATCH', url, payload),
    put: (url: string, payload: InjectOptions['payload']) => call('PUT', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}
export type ApiClient = ReturnType<typeof apiClient>;

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * A fresh app and standard world for the enclosing `describe` (or file): its own database and
 * clock, so that a suite moving the clock does not disturb the others. Read the fields in tests.
 */
export function useWorld(env: Record<string, string> = {}): { t: TestApp; world: World } {
  const context = {} as { t: TestApp; world: World };
  beforeAll(async () => {
    context.t = await createTestApp(env);
    context.world = await buildWorld(context.t.db);
  });
  afterAll(() => context.t?.close());
  return context;
}
type WorldUser = 'superAdmin' | 'staff' | 'clientAdmin' | 'clientMember' | 'otherAdmin' | 'demoUser';

/** A signed-in client for every user of the standard world. */
export async function signInWorld(
  app: FastifyInstance,
  world: World,
): Promise<Record<WorldUser | 'anonymous', ApiClient>> {
  const as = async (user: WorldUser) => apiClient(app, await signIn(app, world[user].email));
  return {
    anonymous: apiClient(app),
    superAdmin: await as('superAdmin'),
    staff: await as('staff'),
    clientAdmin: await as('clientAdmin'),
    clientMember: await as('clientMember'),
    otherAdmin: await as('otherAdmin'),
    demoUser: await as('demoUser'),
  };
}

/**
 * Asserts an error answer of the contract: the status of `code`, the code itself and, per field,
 * a message among that field's errors (an asymmetric matcher such as `expect.any(String)` works).
 */
export function expectError(
  response: LightMyRequestResponse,
  code: ErrorCode,
  fieldErrors: Record<string, unknown> = {},
): void {
  expect(response.statusCode, response.body).toBe(ERROR_STATUS[code]);
  const body = errorBodySchema.parse(response.json());
  expect(body.code).toBe(code);
  for (const [field, message] of Object.entries(fieldErrors)) {
    expect(body.errors?.[field], `errors.${field} of ${response.body}`).toEqual(
      expect.arrayContaining([message]),
    );
  }
}

/** Asserts a success status and returns the body (parse it with a contract schema to type it further). */
export function expectOk<T = Record<string, unknown>>(response: LightMyRequestResponse, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

/** The link of the latest mail to an address, parsed. */
export function lastLinkTo(dataDir: string, to: string): URL {
  const link = lastMailTo(dataDir, to).link;
  if (!link) throw new Error(`The latest mail to ${to} has no link`);
  return new URL(link);
}

/** The value of the refresh cookie a response sets, or undefined. */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'limbus_refresh')?.value;
}
