import type { Company } from '@limbus/contract';
import { latestContract } from '../contracts/contract-rules.js';
import { toContractAnswer } from '../contracts/contracts.mappers.js';
import type { ContractRow } from '../contracts/contracts.service.js';
import { toUserAnswer } from '../users/users.mappers.js';
import type { UserRow } from '../users/users.service.js';
import type { CompanyRow } from './companies.repository.js';

export function toCompanyAnswer(
  company: CompanyRow,
  related: { contracts: ContractRow[]; users: UserRow[]; today: string },
): Company {
  const userAnswer = (id: number | null) => {
    const user = related.users.find((candidate) => candidate.id === id);
    return user ? toUserAnswer(user) : null;
  };
  const contracts = related.contracts.map((contract) => toContractAnswer(contract, related.today));
  const latest = latestContract(related.contracts);
  return {
    id: company.id,
    name: company.name,
    address: company.address,
    postal_code: company.postalCode,
    city: company.city,
    country_id: company.countryId,
    country: company.countryName === null ? null : { name: company.countryName },
    admin_id: company.adminId,
    admin: userAnswer(company.adminId),
    consultant_id: company.consultantId,
    consultant: userAnswer(company.consultantId),
    business_developer_id: company.businessDeveloperId,
    business_developer: userAnswer(company.businessDeveloperId),
    licence_analysis: company.licenceAnalysis,
    licence_research: company.licenceResearch,
    is_demo: company.isDemo,
    contracts,
    contract: contracts.find((contract) => contract.id === latest?.id) ?? null,
  };
}
