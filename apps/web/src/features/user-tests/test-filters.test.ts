import { describe, expect, it } from 'vitest';
import { filterTests, NO_FILTERS } from './test-filters';

const tests = [
  { name: 'Checkout flow', platform: 'desktop', state: 'draft' },
  { name: 'Product page', platform: 'mobile', state: 'done' },
  { name: 'Spring campaign', platform: 'video', state: 'in-progress' },
  { name: 'Checkout on mobile', platform: 'mobile', state: 'requested' },
] as const;
const names = (found: ReadonlyArray<{ name: string }>) => found.map((test) => test.name);

describe('filterTests', () => {
  it('keeps every test without filters', () => {
    expect(filterTests(tests, NO_FILTERS)).toHaveLength(4);
  });

  it('searches the name case-insensitively, ignoring surrounding spaces', () => {
    expect(names(filterTests(tests, { ...NO_FILTERS, search: '  CHECKOUT ' }))).toEqual([
      'Checkout flow',
      'Checkout on mobile',
    ]);
  });

  it('filters on the platform and on any of the chosen states, together with the search', () => {
    expect(names(filterTests(tests, { ...NO_FILTERS, platform: 'mobile' }))).toEqual([
      'Product page',
      'Checkout on mobile',
    ]);
    expect(names(filterTests(tests, { ...NO_FILTERS, states: ['draft', 'in-progress'] }))).toEqual([
      'Checkout flow',
      'Spring campaign',
    ]);
    expect(
      names(filterTests(tests, { search: 'checkout', platform: 'mobile', states: ['requested'] })),
    ).toEqual(['Checkout on mobile']);
    expect(filterTests(tests, { search: 'checkout', platform: 'video', states: [] })).toEqual([]);
  });
});
