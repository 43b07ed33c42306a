import type { Label } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { labelForUrl, pageAt } from './page-matching';

const mice = {
  timestamp: Float64Array.from([1000, 2000, 3000]),
  urlIndex: Uint16Array.from([0, 1, 2]),
  urls: [
    'https://shop.example/?utm=1',
    'http://localhost:8080/recorder',
    'https://shop.example/basket?step=2',
  ],
};
const label = (id: number, urls: string[]): Label => ({
  id,
  test_id: 1,
  name: `Page ${id}`,
  urls,
  match_type: 'exact',
});

describe('assistant page matching', () => {
  it('takes the page shown at a time, ignoring localhost and the query string', () => {
    expect(pageAt(mice, 500)).toBeNull();
    expect(pageAt(mice, 1500)).toBe('https://shop.example');
    expect(pageAt(mice, 2500)).toBe('https://shop.example');
    expect(pageAt(mice, 3500)).toBe('https://shop.example/basket');
  });

  it('finds the page title of a URL, or none', () => {
    const labels = [label(1, ['https://shop.example/basket']), label(2, ['https://shop.example'])];
    expect(labelForUrl(labels, 'https://shop.example/basket')?.id).toBe(1);
    expect(labelForUrl(labels, 'https://shop.example/shoes')).toBeNull();
  });
});
