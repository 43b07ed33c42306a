import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'limbus';

/** Whom a token was issued to: the user, and their token version then (a sign-out or reset raises it). */
export type TokenSubject = { userId: number; version: number };

export type AccessTokens = {
  issue: (subject: TokenSubject, now: Date) => Promise<string>;
  /** The subject of a valid token (signed by us, not expired, with an expiry), or null. */
  verify: (token: string, now: Date) => Promise<TokenSubject | null>;
  /**
   * The refresh token that replaces `previous` at its rotation: derived from it with the secret, so
   * that every API process answers a repeated refresh within the grace window with the same new
   * token without keeping it anywhere (only its hash is stored, as of every token).
   */
  nextRefreshToken: (previous: string) => string;
};

export function createAccessTokens(secret: string): AccessTokens {
  // Imported once: given the raw secret, jose imports it again for every token it verifies
  // (≈ 80 µs of a signed-in request's CPU).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  key.catch(() => undefined); // a bad secret fails each call that awaits the key, not the process
  return {
    nextRefreshToken: (previous) =>
      createHmac('sha256', secret).update(`refresh-rotation:${previous}`).digest('hex'),
    issue: async ({ userId, version }, now) => {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await key);
    },
    verify: async (token, now) => {
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
          requiredClaims: ['exp', 'sub'],
        });
        const userId = Number(payload.sub);
        // tokens from before versions were issued count as version 0
        const version = payload.ver ?? 0;
        if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(version)) return null;
        return { userId, version: version as number };
      } catch {
        return null;
      }
    },
  };
}

/** The configured secret, or one generated once and kept (mode 600) in the data directory. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
