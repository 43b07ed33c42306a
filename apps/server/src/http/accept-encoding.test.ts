import { describe, expect, it } from 'vitest';
import { acceptsEncoding, matchesIfNoneMatch } from './accept-encoding.js';

describe('acceptsEncoding', () => {
  it('reads codings, qualities and the wildcard', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip;q=1.0, br;q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('BR', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding('*;q=0, gzip', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0, *', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=nonsense', 'br')).toBe(false);
    expect(acceptsEncoding('identity', 'br')).toBe(false);
    expect(acceptsEncoding('', 'br')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    expect(acceptsEncoding(['gzip', 'br'], 'br')).toBe(true);
  });
});

describe('matchesIfNoneMatch', () => {
  it('compares tags weakly and takes lists and the wildcard', () => {
    expect(matchesIfNoneMatch('"abc.br"', '"abc.br"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc.br"', '"abc.br"')).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc.br"', '"abc.br"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', '"abc.br"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"abc"')).toBe(false);
  });
});
