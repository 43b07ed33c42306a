import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../test/fake-api';
import {
  clearSession,
  getSession,
  readToken,
  readUser,
  storeSession,
  TOKEN_KEY,
  USER_KEY,
  waitForToken,
} from './session';

afterEach(() => localStorage.clear());

describe('session', () => {
  it('keeps a token that starts with "Bearer "', () => {
    localStorage.setItem(TOKEN_KEY, 'Bearer abc.def');
    expect(readToken()).toBe('Bearer abc.def');
  });

  it.each(['abc.def', 'bearer abc', 'Bearer ', 'Token abc'])('discards the stored token %j', (value) => {
    localStorage.setItem(TOKEN_KEY, value);
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('stores the token as a bearer token with the user, and clears both', () => {
    const user = makeUser();
    storeSession('jwt', user);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('Bearer jwt');
    expect(getSession()).toEqual({ token: 'Bearer jwt', user });
    clearSession();
    expect(getSession()).toEqual({ token: null, user: null });
  });

  it('discards a stored user that is not a user', () => {
    localStorage.setItem(USER_KEY, '{"name":"x"}');
    expect(readUser()).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('waits for a token, checking at the interval', async () => {
    setTimeout(() => localStorage.setItem(TOKEN_KEY, 'Bearer late'), 150);
    await expect(waitForToken(1000, { intervalMs: 100 })).resolves.toBe('Bearer late');
  });

  it('gives up waiting after the timeout', async () => {
    await expect(waitForToken(250, { intervalMs: 100 })).resolves.toBeNull();
  });
});
