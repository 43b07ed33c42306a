import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media URLs. A `<video src>` cannot send the bearer token, so the answers that name a
 * video (participant, test) carry a URL signed by the server after it checked who asks; the
 * signature covers the path and an expiry and grants that one file until then. The expiry is
 * rounded up to the hour so that refetching an answer yields the same URL (the browser keeps
 * its cached video). Route access `signed` checks it (authenticate.ts).
 */
export type SignedUrls = {
  /** `path` with `?expires=…&signature=…` appended. */
  sign: (path: string, now: Date) => string;
  /** Whether the query of a request to `path` carries a valid, unexpired signature. */
  verify: (path: string, query: { expires?: unknown; signature?: unknown }, now: Date) => boolean;
};

/** How long a signed URL stays valid at least: long enough to review a recording in one sitting. */
export const SIGNED_URL_TTL_MS = 6 * 60 * 60 * 1000;
const ROUNDING_MS = 60 * 60 * 1000;

export function createSignedUrls(secret: string): SignedUrls {
  // A key of its own, derived from the server secret: a media signature is never a valid token.
  const key = createHmac('sha256', secret).update('limbus signed media urls').digest();
  const signatureOf = (path: string, expires: number) =>
    createHmac('sha256', key).update(`${expires}\n${path}`).digest('base64url');
  return {
    sign(path, now) {
      const expiresMs = Math.ceil((now.getTime() + SIGNED_URL_TTL_MS) / ROUNDING_MS) * ROUNDING_MS;
      const expires = Math.floor(expiresMs / 1000);
      return `${path}?expires=${expires}&signature=${signatureOf(path, expires)}`;
    },
    verify(path, query, now) {
      const expires = Number(query.expires);
      if (typeof query.signature !== 'string' || !Number.isInteger(expires)) return false;
      if (expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(signatureOf(path, expires));
      const given = Buffer.from(query.signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
