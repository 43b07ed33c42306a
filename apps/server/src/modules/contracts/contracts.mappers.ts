import type { Contract } from '@limbus/contract';
import { toUnixSeconds } from '../users/users.mappers.js';
import { availableTests, isContractActive } from './contract-rules.js';
import type { BundleRow, ContractRow } from './contracts.repository.js';

export const toBundleAnswer = (bundle: BundleRow) => ({
  id: bundle.id,
  test_type: bundle.testType,
  tests: bundle.tests,
  requested: bundle.requested,
  comments: bundle.comments,
  contract_id: bundle.contractId,
  created_at: toUnixSeconds(bundle.createdAt),
});

export function toContractAnswer(contract: ContractRow, today: string): Contract {
  return {
    id: contract.id,
    start_date: contract.startDate,
    end_date: contract.endDate,
    endDate: contract.endDate,
    is_active: isContractActive(contract, today),
    comments: contract.comments,
    company_id: contract.companyId,
    available_tests: availableTests(contract.bundles),
    bundles: contract.bundles.map(toBundleAnswer),
  };
}
