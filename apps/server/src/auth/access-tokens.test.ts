import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from './access-tokens.js';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-signing';
const now = new Date('2026-01-12T09:30:00Z');

describe('access tokens', () => {
  it('verifies its own tokens until they expire, and no token of another secret', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.issue({ userId: 42, version: 3 }, now);
    const subject = { userId: 42, version: 3 };
    expect(await tokens.verify(token, now)).toEqual(subject);
    expect(
      await tokens.verify(token, new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000)),
    ).toEqual(subject);
    expect(await tokens.verify(token, new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000))).toBe(
      null,
    );
    expect(await createAccessTokens(`${SECRET}-other`).verify(token, now)).toBe(null);
    expect(await tokens.verify(`${token.slice(0, -2)}xx`, now)).toBe(null);
  });

  it('reads tokens signed with the raw secret, as issued before the key was imported once', async () => {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('limbus')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await createAccessTokens(SECRET).verify(token, now)).toEqual({ userId: 7, version: 0 });
  });
});
