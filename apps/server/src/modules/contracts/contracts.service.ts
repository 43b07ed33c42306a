import type { Contract } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { type Actor, authorize } from '../../http/policy.js';
import { newContractDates, renewedEndDate, toIsoDate } from './contract-rules.js';
import { toBundleAnswer, toContractAnswer } from './contracts.mappers.js';
import {
  companyExists,
  deleteBundleRow,
  findBundle,
  findContract,
  insertBundle,
  insertContract,
  updateContractRow,
} from './contracts.repository.js';

const datesInOrder = (startDate: string, endDate: string) => {
  if (startDate >= endDate) {
    throw AppError.fieldError('validation', 'end_date', 'The end date must be after the start date');
  }
};

async function loadContract(deps: Deps, id: number): Promise<Contract> {
  const contract = await findContract(deps.db, id);
  if (!contract) throw notFound('The contract');
  return toContractAnswer(contract, toIsoDate(deps.clock()));
}

export async function createContract(
  deps: Deps,
  actor: Actor,
  input: { company_id: number; start_date?: string; end_date?: string; months?: number; comments?: string },
): Promise<Contract> {
  authorize(actor, 'company.manage', undefined);
  if (!(await companyExists(deps.db, input.company_id))) {
    throw AppError.fieldError('validation', 'company_id', 'This company does not exist');
  }
  const dates = input.months
    ? newContractDates(toIsoDate(deps.clock()), input.months)
    : { startDate: input.start_date as string, endDate: input.end_date as string };
  datesInOrder(dates.startDate, dates.endDate);
  const id = await insertContract(deps.db, {
    companyId: input.company_id,
    ...dates,
    comments: input.comments ?? '',
  });
  return loadContract(deps, id);
}

export async function updateContract(
  deps: Deps,
  actor: Actor,
  id: number,
  input: { start_date?: string; end_date?: string; comments?: string },
): Promise<Contract> {
  authorize(actor, 'company.manage', undefined);
  const contract = await findContract(deps.db, id);
  if (!contract) throw notFound('The contract');
  datesInOrder(input.start_date ?? contract.startDate, input.end_date ?? contract.endDate);
  await updateContractRow(deps.db, id, {
    ...(input.start_date === undefined ? {} : { startDate: input.start_date }),
    ...(input.end_date === undefined ? {} : { endDate: input.end_date }),
    ...(input.comments === undefined ? {} : { comments: input.comments }),
  });
  return loadContract(deps, id);
}

export async function renewContract(deps: Deps, actor: Actor, id: number, months: number): Promise<Contract> {
  authorize(actor, 'company.manage', undefined);
  const contract = await findContract(deps.db, id);
  if (!contract) throw notFound('The contract');
  const endDate = renewedEndDate(contract, months);
  // Past 9999 the date no longer has the YYYY-MM-DD form PostgreSQL stores.
  if (!/^\d{4}-/.test(endDate))
    throw AppError.fieldError('validation', 'months', 'The end date would be after 9999');
  await updateContractRow(deps.db, id, { endDate });
  return loadContract(deps, id);
}

export async function addBundle(
  deps: Deps,
  actor: Actor,
  input: { test_type: 'essential' | 'professional'; tests: number; comments?: string; contract_id: number },
) {
  authorize(actor, 'company.manage', undefined);
  if (!(await findContract(deps.db, input.contract_id))) {
    throw AppError.fieldError('validation', 'contract_id', 'This contract does not exist');
  }
  const bundle = await insertBundle(deps.db, {
    contractId: input.contract_id,
    testType: input.test_type,
    tests: input.tests,
    comments: input.comments ?? '',
  });
  return toBundleAnswer(bundle);
}

export async function removeBundle(deps: Deps, actor: Actor, id: number): Promise<void> {
  authorize(actor, 'company.manage', undefined);
  if (!(await findBundle(deps.db, id))) throw notFound('The bundle');
  await deleteBundleRow(deps.db, id);
}

// For the companies (their contracts in their answers, a first contract with a new company) and
// sign-in, which needs an active contract of the user's company.
export {
  type ContractRow,
  hasActiveContract,
  insertContract,
  listContracts,
} from './contracts.repository.js';
