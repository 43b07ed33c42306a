import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  availableTests,
  isContractActive,
  latestContract,
  newContractDates,
  renewedEndDate,
} from './contract-rules.js';

describe('contract rules', () => {
  it('is active from the start date up to, not including, the end date', () => {
    const contract = { startDate: '2026-01-01', endDate: '2026-07-01' };
    expect(isContractActive(contract, '2025-12-31')).toBe(false);
    expect(isContractActive(contract, '2026-01-01')).toBe(true);
    expect(isContractActive(contract, '2026-06-30')).toBe(true);
    expect(isContractActive(contract, '2026-07-01')).toBe(false);
  });

  it('adds months and clamps to the last day of shorter months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-22', 3)).toBe('2027-02-22');
    expect(addMonths('2026-05-15', 24)).toBe('2028-05-15');
  });

  it('adding months always lands later, on the same or an earlier day of month', () => {
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 120 }), (date, months) => {
        const start = date.toISOString().slice(0, 10);
        const end = addMonths(start, months);
        expect(end > start).toBe(true);
        expect(Number(end.slice(8))).toBeLessThanOrEqual(Number(start.slice(8)));
      }),
    );
  });

  it('starts a new contract today and renews from the current end date', () => {
    expect(newContractDates('2026-11-22', 12)).toEqual({ startDate: '2026-11-22', endDate: '2027-11-22' });
    expect(renewedEndDate({ startDate: '2026-01-01', endDate: '2026-06-30' }, 6)).toBe('2026-12-30');
  });

  it('picks the contract with the latest end date', () => {
    const contracts = [
      { id: 1, startDate: '2024-01-01', endDate: '2025-01-01' },
      { id: 2, startDate: '2025-01-01', endDate: '2027-01-01' },
      { id: 3, startDate: '2026-01-01', endDate: '2026-06-01' },
    ];
    expect(latestContract(contracts)?.id).toBe(2);
    expect(latestContract([])).toBeNull();
  });

  it('counts available tests per type, never below zero', () => {
    expect(
      availableTests([
        { testType: 'essential', tests: 5, requested: 2 },
        { testType: 'professional', tests: 3, requested: 0 },
        { testType: 'professional', tests: 1, requested: 1 },
      ]),
    ).toEqual({ essential: 3, professional: 3 });
  });
});
