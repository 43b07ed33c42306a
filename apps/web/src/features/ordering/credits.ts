import type { Company, TestType } from '@limbus/contract';

/** Tests of a type the company may still request: the sum over its active contracts. */
export function remainingTests(company: Pick<Company, 'contracts'>, type: TestType): number {
  return company.contracts
    .filter((contract) => contract.is_active)
    .reduce((sum, contract) => sum + contract.available_tests[type], 0);
}
