/**
 * Derived contract values (spec 1 §4). Dates are calendar dates as YYYY-MM-DD strings, compared
 * as strings (the format sorts like the dates it names).
 */

export type ContractDates = { startDate: string; endDate: string };
export type BundleCounts = { testType: 'essential' | 'professional'; tests: number; requested: number };

/** Today's calendar date (UTC) as YYYY-MM-DD. */
export const toIsoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A contract is active while start ≤ today < end. */
export const isContractActive = (contract: ContractDates, today: string) =>
  contract.startDate <= today && today < contract.endDate;

/**
 * Adds calendar months; a day that the target month lacks becomes its last day
 * (2025-01-31 + 1 month = 2025-02-28).
 */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return toIsoDate(target);
}

/** A new contract of N months starts today. */
export const newContractDates = (today: string, months: number): ContractDates => ({
  startDate: today,
  endDate: addMonths(today, months),
});

/** Renewal moves the end date forward by N months from the current end date. */
export const renewedEndDate = (contract: ContractDates, months: number) =>
  addMonths(contract.endDate, months);

/** The contract with the latest end date (the one admin lists and home show). */
export function latestContract<T extends ContractDates>(contracts: T[]): T | null {
  return contracts.reduce<T | null>(
    (latest, contract) => (!latest || contract.endDate > latest.endDate ? contract : latest),
    null,
  );
}

/** Tests left per type: each bundle's amount minus what requested tests consumed. */
export function availableTests(bundles: BundleCounts[]): { essential: number; professional: number } {
  const available = { essential: 0, professional: 0 };
  for (const bundle of bundles) available[bundle.testType] += Math.max(0, bundle.tests - bundle.requested);
  return available;
}
