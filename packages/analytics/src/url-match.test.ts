import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAssistantMatchable, matchesAnyUrl, normalizeUrl, urlMatches } from './url-match.js';

describe('url matching', () => {
  it('strips query, fragment and trailing slashes', () => {
    expect(normalizeUrl('HTTPS://Shop.Example.com/Cart/?a=1#top')).toBe('https://shop.example.com/Cart');
    expect(urlMatches('https://a.nl/cart/?step=2', 'https://a.nl/cart', 'exact')).toBe(true);
    expect(urlMatches('https://a.nl/cart#x', 'https://a.nl/cart/', 'exact')).toBe(true);
    expect(urlMatches('https://a.nl/cart/item', 'https://a.nl/cart', 'exact')).toBe(false);
  });

  it('matches prefixes for starts_with', () => {
    expect(urlMatches('https://a.nl/shop/item/3?x', 'https://a.nl/shop/', 'starts_with')).toBe(true);
    expect(urlMatches('https://a.nl/blog', 'https://a.nl/shop', 'starts_with')).toBe(false);
    expect(matchesAnyUrl('https://a.nl/b', ['https://a.nl/x', 'https://a.nl/b'], 'exact')).toBe(true);
    expect(urlMatches('https://a.nl', '', 'starts_with')).toBe(false);
  });

  it('ignores query and fragment whatever they are (property)', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.string(), fc.string(), (url, q, h) => {
        const base = url.replace(/[?#].*$/, '');
        expect(urlMatches(`${base}/?${q}#${h}`, base, 'exact')).toBe(true);
        expect(urlMatches(`${base}?${q}`, base, 'starts_with')).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('leaves localhost URLs out of assistant matching', () => {
    expect(isAssistantMatchable('http://localhost:3000/checkout')).toBe(false);
    expect(isAssistantMatchable('http://127.0.0.1/x')).toBe(false);
    expect(isAssistantMatchable('http://app.localhost/x')).toBe(false);
    expect(isAssistantMatchable('http://[::1]:8080/')).toBe(false);
    expect(isAssistantMatchable('localhost:8080/x')).toBe(false);
    expect(isAssistantMatchable('https://example.com/blog/localhost-tips')).toBe(true);
    expect(isAssistantMatchable('https://shop.example.com/')).toBe(true);
  });
});
