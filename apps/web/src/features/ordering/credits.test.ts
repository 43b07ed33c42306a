import type { Contract } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { remainingTests } from './credits';

const contract = (is_active: boolean, essential: number, professional: number) =>
  ({ is_active, available_tests: { essential, professional } }) as Contract;

describe('remainingTests', () => {
  it('sums the tests of the type over active contracts only', () => {
    const company = { contracts: [contract(true, 2, 1), contract(false, 5, 5), contract(true, 0, 3)] };
    expect(remainingTests(company, 'essential')).toBe(2);
    expect(remainingTests(company, 'professional')).toBe(4);
    expect(remainingTests({ contracts: [] }, 'professional')).toBe(0);
  });
});
