import type { Role } from '@limbus/contract';

export type RoleAndCompany = { role: Role | null; companyId: number | null };
type CompanyFlags = { id: number; is_demo: boolean };

/** The demo company: the one the server flags is_demo (null until the companies are loaded). */
export function demoCompanyId(companies: readonly CompanyFlags[]): number | null {
  return companies.find((company) => company.is_demo)?.id ?? null;
}

function isDemoCompany(companyId: number | null, companies: readonly CompanyFlags[]): boolean {
  if (companyId === null) return false;
  return companies.find((company) => company.id === companyId)?.is_demo === true;
}

/**
 * Choosing the demo company forces role demo (spec 1 §4); leaving it drops a demo role, which
 * belongs to the demo company only.
 */
export function chooseCompany(
  current: RoleAndCompany,
  companyId: number | null,
  companies: readonly CompanyFlags[],
): RoleAndCompany {
  if (isDemoCompany(companyId, companies)) return { companyId, role: 'demo' };
  return { companyId, role: current.role === 'demo' ? null : current.role };
}

/** Choosing role demo forces the demo company; another role cannot stay in the demo company. */
export function chooseRole(
  current: RoleAndCompany,
  role: Role | null,
  companies: readonly CompanyFlags[],
): RoleAndCompany {
  if (role === 'demo') return { role, companyId: demoCompanyId(companies) };
  return { role, companyId: isDemoCompany(current.companyId, companies) ? null : current.companyId };
}
