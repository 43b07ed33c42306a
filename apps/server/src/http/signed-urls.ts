import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media URLs. A `<video src>` cannot send the bearer token, so the answers that name a
 * video (participant, test) carry a URL signed by the server after it checked who asks; the
 * signature covers the path and an expiry and grants that one file until then. The expiry is
 * rounded up to the hour so that refetching an answer yields the same URL (the browser keeps
 * its cached video). Route access `signed` checks it (authenticate.ts).
 *
 * A URL signed while answering a signed-in user is bound to that user's session (issue 28,
 * finding 10; docs/decisions/accounts-and-access.md): it names the user (`holder`) and its
 * signature covers the user's token version, which a sign-out (and a password reset) raises, so
 * the link ends with the session instead of hours later. Outside a signed-in request (a lab
 * recorder's key, a test's own fixtures) a URL is bound to nothing but its expiry. A URL signed
 * while answering a share link's visitor expires no later than the link (`signingUntil`).
 */
export type SignedUrls = {
  /** `path` with `?expires=…[&holder=…]&signature=…` appended, bound to the current request's user. */
  sign: (path: string, now: Date) => string;
  /**
   * Whether the query of a request to `path` carries a valid, unexpired signature; a bound one
   * also needs its holder's current token version (`versionOf`, null for no such user).
   */
  verify: (
    path: string,
    query: { expires?: unknown; holder?: unknown; signature?: unknown },
    now: Date,
    versionOf: (userId: number) => Promise<number | null>,
  ) => Promise<boolean>;
  /** Runs `work` with the URLs it signs bound to `holder` (authenticate.ts, per signed-in request). */
  signingFor: <T>(holder: UrlHolder, work: () => T) => T;
  /** Runs `work` with the URLs it signs expiring by `notAfter` at the latest (a share link's visitor). */
  signingUntil: <T>(notAfter: Date, work: () => T) => T;
};

/** Whose session a URL belongs to. */
export type UrlHolder = { userId: number; tokenVersion: number };

/** How long a signed URL stays valid at least: long enough to review a recording in one sitting. */
export const SIGNED_URL_TTL_MS = 6 * 60 * 60 * 1000;
const ROUNDING_MS = 60 * 60 * 1000;

export function createSignedUrls(secret: string): SignedUrls {
  // A key of its own, derived from the server secret: a media signature is never a valid token.
  const key = createHmac('sha256', secret).update('limbus signed media urls').digest();
  const signings = new AsyncLocalStorage<{ holder?: UrlHolder; notAfter?: Date }>();
  const signatureOf = (path: string, expires: number, holder: UrlHolder | undefined) =>
    createHmac('sha256', key)
      .update(holder ? `${expires}\n${holder.userId}.${holder.tokenVersion}\n${path}` : `${expires}\n${path}`)
      .digest('base64url');
  return {
    sign(path, now) {
      const { holder, notAfter } = signings.getStore() ?? {};
      const roundedMs = Math.ceil((now.getTime() + SIGNED_URL_TTL_MS) / ROUNDING_MS) * ROUNDING_MS;
      const expiresMs = notAfter ? Math.min(roundedMs, notAfter.getTime()) : roundedMs;
      const expires = Math.floor(expiresMs / 1000);
      const holderPart = holder ? `&holder=${holder.userId}` : '';
      return `${path}?expires=${expires}${holderPart}&signature=${signatureOf(path, expires, holder)}`;
    },
    async verify(path, query, now, versionOf) {
      const expires = Number(query.expires);
      if (typeof query.signature !== 'string' || !Number.isInteger(expires)) return false;
      if (expires * 1000 <= now.getTime()) return false;
      let holder: UrlHolder | undefined;
      if (query.holder !== undefined) {
        const userId = Number(query.holder);
        if (!Number.isSafeInteger(userId)) return false;
        const tokenVersion = await versionOf(userId);
        if (tokenVersion === null) return false;
        holder = { userId, tokenVersion };
      }
      const expected = Buffer.from(signatureOf(path, expires, holder));
      const given = Buffer.from(query.signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    signingFor: (holder, work) => signings.run({ holder }, work),
    signingUntil: (notAfter, work) => signings.run({ notAfter }, work),
  };
}
