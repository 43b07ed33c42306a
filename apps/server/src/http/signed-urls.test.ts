import { describe, expect, it } from 'vitest';
import { createSignedUrls, SIGNED_URL_TTL_MS } from './signed-urls.js';

const urls = createSignedUrls('a-secret-that-is-long-enough-for-signing');
const now = new Date('2026-11-22T10:15:00Z');
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const noUsers = async () => null;

describe('signed media urls', () => {
  it('accepts its own signature for the same path until it expires', async () => {
    const url = urls.sign('/api/v1/tests/1/video', now);
    const query = queryOf(url);
    expect(await urls.verify('/api/v1/tests/1/video', query, now, noUsers)).toBe(true);
    const expiresMs = Number(query.expires) * 1000;
    expect(expiresMs - now.getTime()).toBeGreaterThanOrEqual(SIGNED_URL_TTL_MS);
    expect(await urls.verify('/api/v1/tests/1/video', query, new Date(expiresMs), noUsers)).toBe(false);
  });

  it('gives the same url within the hour, so a refetched answer keeps the cached video', () => {
    const later = new Date(now.getTime() + 20 * 60 * 1000);
    expect(urls.sign('/a', later)).toBe(urls.sign('/a', now));
  });

  it('refuses another path, a changed expiry, a foreign secret and missing fields', async () => {
    const query = queryOf(urls.sign('/api/v1/tests/1/video', now));
    expect(await urls.verify('/api/v1/tests/2/video', query, now, noUsers)).toBe(false);
    expect(
      await urls.verify(
        '/api/v1/tests/1/video',
        { ...query, expires: Number(query.expires) + 3600 },
        now,
        noUsers,
      ),
    ).toBe(false);
    const foreign = queryOf(
      createSignedUrls('another-secret-long-enough-for-it').sign('/api/v1/tests/1/video', now),
    );
    expect(await urls.verify('/api/v1/tests/1/video', foreign, now, noUsers)).toBe(false);
    expect(await urls.verify('/api/v1/tests/1/video', {}, now, noUsers)).toBe(false);
    expect(
      await urls.verify('/api/v1/tests/1/video', { expires: query.expires, signature: 'x' }, now, noUsers),
    ).toBe(false);
  });

  it('binds a url signed for a user to its token version: a raised version (sign-out) ends it', async () => {
    const url = urls.signingFor({ userId: 7, tokenVersion: 3 }, () =>
      urls.sign('/api/v1/tests/1/video', now),
    );
    const query = queryOf(url);
    expect(query.holder).toBe('7');
    const versions = new Map([[7, 3]]);
    const versionOf = async (userId: number) => versions.get(userId) ?? null;
    expect(await urls.verify('/api/v1/tests/1/video', query, now, versionOf)).toBe(true);
    // another holder, or none, does not carry the signature over
    expect(await urls.verify('/api/v1/tests/1/video', { ...query, holder: '8' }, now, versionOf)).toBe(false);
    const { holder: _dropped, ...unbound } = query;
    expect(await urls.verify('/api/v1/tests/1/video', unbound, now, versionOf)).toBe(false);
    versions.set(7, 4);
    expect(await urls.verify('/api/v1/tests/1/video', query, now, versionOf)).toBe(false);
    versions.delete(7);
    expect(await urls.verify('/api/v1/tests/1/video', query, now, versionOf)).toBe(false);
  });

  it('expires no later than a share link when signed for its visitor (signingUntil)', async () => {
    const linkEnds = new Date(now.getTime() + 90 * 60 * 1000);
    const url = urls.signingUntil(linkEnds, () => urls.sign('/api/v1/tests/1/video', now));
    const query = queryOf(url);
    expect(Number(query.expires)).toBe(Math.floor(linkEnds.getTime() / 1000));
    expect(await urls.verify('/api/v1/tests/1/video', query, now, noUsers)).toBe(true);
    expect(await urls.verify('/api/v1/tests/1/video', query, linkEnds, noUsers)).toBe(false);
    // a link that ends after the usual lifetime leaves the usual expiry
    const later = urls.signingUntil(new Date(now.getTime() + 30 * 86_400_000), () =>
      urls.sign('/api/v1/tests/1/video', now),
    );
    expect(queryOf(later).expires).toBe(queryOf(urls.sign('/api/v1/tests/1/video', now)).expires);
  });
});
