import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'limbus';

export type AccessTokens = {
  issue: (userId: number, now: Date) => Promise<string>;
  /** The user id of a valid token, or null. */
  verify: (token: string, now: Date) => Promise<number | null>;
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
    issue: async (userId, now) => {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({})
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
        });
        const userId = Number(payload.sub);
        return Number.isInteger(userId) && userId > 0 ? userId : null;
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
