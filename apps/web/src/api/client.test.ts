import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch } from '../test/fake-api';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { readToken, TOKEN_KEY, USER_KEY } from './session';

afterEach(() => localStorage.clear());

describe('API client', () => {
  it('sends the stored bearer token and the cookies', async () => {
    localStorage.setItem(TOKEN_KEY, 'Bearer abc');
    const fake = createFakeFetch({ 'GET /users/me': { body: { id: 1 } } });
    const client = createApiClient({ fetch: fake.fetch });

    await expect(client.get('/users/me')).resolves.toEqual({ id: 1 });
    expect(fake.calls[0]?.headers.Authorization).toBe('Bearer abc');
    const init = vi.mocked(fake.fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
  });

  it('on a 401 refreshes once, stores the new bearer token and repeats the call', async () => {
    localStorage.setItem(TOKEN_KEY, 'Bearer old');
    const fake = createFakeFetch({
      'GET /users/me': (call) =>
        call.headers.Authorization === 'Bearer fresh'
          ? { body: { id: 7 } }
          : { status: 401, body: { code: 'unauthenticated', message: 'Expired' } },
      'POST /refresh_token': { body: { access_token: 'fresh' } },
    });
    const client = createApiClient({ fetch: fake.fetch });

    await expect(client.get('/users/me')).resolves.toEqual({ id: 7 });
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /users/me',
      'POST /refresh_token',
      'GET /users/me',
    ]);
    expect(readToken()).toBe('Bearer fresh');
  });

  it('shares one refresh between calls that fail together (the refresh cookie rotates)', async () => {
    localStorage.setItem(TOKEN_KEY, 'Bearer old');
    const fake = createFakeFetch({
      'GET /tests': (call) =>
        call.headers.Authorization === 'Bearer fresh' ? { body: [] } : { status: 401, body: {} },
      'POST /refresh_token': { body: { access_token: 'fresh' } },
    });
    const client = createApiClient({ fetch: fake.fetch });

    await Promise.all([client.get('/tests'), client.get('/tests'), client.get('/tests')]);
    expect(fake.calls.filter((call) => call.path === '/refresh_token')).toHaveLength(1);
  });

  it('when the refresh fails, clears the session, reports it and throws the 401', async () => {
    localStorage.setItem(TOKEN_KEY, 'Bearer old');
    localStorage.setItem(USER_KEY, '{"id":1}');
    const onSessionExpired = vi.fn();
    const fake = createFakeFetch({
      'GET /users/me': { status: 401, body: { code: 'unauthenticated', message: 'Expired' } },
      'POST /refresh_token': { status: 401, body: { code: 'unauthenticated', message: 'No session' } },
    });
    const client = createApiClient({ fetch: fake.fetch, onSessionExpired });

    const error = await client.get('/users/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('does not refresh after a 401 of the sign-in itself', async () => {
    const fake = createFakeFetch({
      'POST /tokens': {
        status: 401,
        body: {
          code: 'unauthenticated',
          message: 'Wrong',
          errors: { password: ['The e-mail or password is incorrect.'] },
        },
      },
    });
    const onSessionExpired = vi.fn();
    const client = createApiClient({ fetch: fake.fetch, onSessionExpired });

    const error = (await client
      .post('/tokens', { email: 'a@b.test', password: 'x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.fieldError('password')).toBe('The e-mail or password is incorrect.');
    expect(fake.calls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('reports a 5xx and throws an ApiError with the body', async () => {
    const onServerError = vi.fn();
    const fake = createFakeFetch({
      'GET /companies': {
        status: 500,
        body: { code: 'internal', message: 'Something went wrong on our side.' },
      },
    });
    const client = createApiClient({ fetch: fake.fetch, onServerError });

    const error = (await client.get('/companies').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(500);
    expect(error.body).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side.',
      errors: {},
    });
    expect(onServerError).toHaveBeenCalledWith(error);
  });

  it('leaves a 5xx to a caller that handles it (a poll asks again)', async () => {
    const onServerError = vi.fn();
    const fake = createFakeFetch({
      'GET /tests/7/video_results': { status: 500, body: { code: 'internal', message: 'Try again.' } },
    });
    const client = createApiClient({ fetch: fake.fetch, onServerError });

    const error = await client
      .get('/tests/7/video_results', { handlesServerError: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: 'internal' });
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('leaves a named failure of a service behind the server (AI) to the screen', async () => {
    const onServerError = vi.fn();
    const fake = createFakeFetch({
      'POST /ai/prompt': { status: 502, body: { code: 'ai_failed', message: 'Try again.' } },
    });
    const client = createApiClient({ fetch: fake.fetch, onServerError });

    const error = (await client.post('/ai/prompt', { prompt: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 502, code: 'ai_failed', message: 'Try again.' });
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('builds query strings and sends JSON bodies', async () => {
    const fake = createFakeFetch({ 'POST /password_reset': { body: { message: 'ok' } } });
    const client = createApiClient({ fetch: fake.fetch });

    await client.post('/password_reset', { password: 'secret1' }, { query: { reset_password_token: 't k' } });
    expect(fake.calls[0]?.url).toBe('/api/v1/password_reset?reset_password_token=t+k');
    expect(fake.calls[0]?.body).toEqual({ password: 'secret1' });
  });

  it('sends a Blob as its bytes under its own type, not as JSON', async () => {
    const fake = createFakeFetch({ 'PUT /remote/session/voice/1/chunks/0': { body: { data: {} } } });
    const client = createApiClient({ fetch: fake.fetch });
    const audio = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'audio/webm' });

    await client.request('PUT', '/remote/session/voice/1/chunks/0', { body: audio });
    expect(fake.calls[0]?.headers['Content-Type']).toBe('audio/webm');
    expect(fake.calls[0]?.body).toBe(audio);
  });

  it('sends a credential of its own instead of the session, without cookies, and never refreshes on its 401', async () => {
    localStorage.setItem(TOKEN_KEY, 'Bearer of-a-signed-in-user');
    const onSessionExpired = vi.fn();
    const fake = createFakeFetch({
      'GET /shared/overview': { status: 401, body: { code: 'unauthenticated', message: 'Locked' } },
    });
    const client = createApiClient({
      fetch: fake.fetch,
      onSessionExpired,
      credential: () => ({ Authorization: 'Share abc', 'x-share-unlock': 'u' }),
    });

    const error = await client.get('/shared/overview').catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(401);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.headers).toMatchObject({ Authorization: 'Share abc', 'x-share-unlock': 'u' });
    expect(vi.mocked(fake.fetch).mock.calls[0]?.[1]?.credentials).toBe('omit');
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(readToken()).toBe('Bearer of-a-signed-in-user');
  });
});
