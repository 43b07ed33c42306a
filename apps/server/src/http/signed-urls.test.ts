import { describe, expect, it } from 'vitest';
import { createSignedUrls, SIGNED_URL_TTL_MS } from './signed-urls.js';

const urls = createSignedUrls('a-secret-that-is-long-enough-for-signing');
const now = new Date('2026-11-22T10:15:00Z');
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('signed media urls', () => {
  it('accepts its own signature for the same path until it expires', () => {
    const url = urls.sign('/api/v1/tests/1/video', now);
    const query = queryOf(url);
    expect(urls.verify('/api/v1/tests/1/video', query, now)).toBe(true);
    const expiresMs = Number(query.expires) * 1000;
    expect(expiresMs - now.getTime()).toBeGreaterThanOrEqual(SIGNED_URL_TTL_MS);
    expect(urls.verify('/api/v1/tests/1/video', query, new Date(expiresMs))).toBe(false);
  });

  it('gives the same url within the hour, so a refetched answer keeps the cached video', () => {
    const later = new Date(now.getTime() + 20 * 60 * 1000);
    expect(urls.sign('/a', later)).toBe(urls.sign('/a', now));
  });

  it('refuses another path, a changed expiry, a foreign secret and missing fields', () => {
    const query = queryOf(urls.sign('/api/v1/tests/1/video', now));
    expect(urls.verify('/api/v1/tests/2/video', query, now)).toBe(false);
    expect(
      urls.verify('/api/v1/tests/1/video', { ...query, expires: Number(query.expires) + 3600 }, now),
    ).toBe(false);
    const foreign = queryOf(
      createSignedUrls('another-secret-long-enough-for-it').sign('/api/v1/tests/1/video', now),
    );
    expect(urls.verify('/api/v1/tests/1/video', foreign, now)).toBe(false);
    expect(urls.verify('/api/v1/tests/1/video', {}, now)).toBe(false);
    expect(urls.verify('/api/v1/tests/1/video', { expires: query.expires, signature: 'x' }, now)).toBe(false);
  });
});
