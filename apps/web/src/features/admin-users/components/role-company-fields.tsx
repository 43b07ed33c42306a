import { type CompanySummary, ROLES, type Role } from '@limbus/contract';
import { Select } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { roleOptions } from '../../auth';
import { chooseCompany, chooseRole, type RoleAndCompany } from '../role-company';

const asRole = (value: string | null): Role | null => ROLES.find((role) => role === value) ?? null;

/** Company and Role selects, kept coupled (demo company ⇔ role demo). */
export function RoleCompanyFields({
  value,
  onChange,
  companies,
  viewerRole,
  errors,
}: {
  value: RoleAndCompany;
  onChange: (next: RoleAndCompany) => void;
  companies: readonly CompanySummary[];
  viewerRole: Role | undefined;
  errors: { role?: ReactNode; company?: ReactNode };
}) {
  const companyOptions = useMemo(
    () => companies.map((company) => ({ value: String(company.id), label: company.name })),
    [companies],
  );
  const roles = roleOptions(viewerRole);
  // only a Super Admin changes a Super Admin
  const lockedRole = value.role === 'admin' && viewerRole !== 'admin';

  return (
    <>
      <Select
        label="Company"
        required
        searchable
        data={companyOptions}
        placeholder="Choose a company"
        nothingFoundMessage="No company found"
        value={value.companyId === null ? null : String(value.companyId)}
        onChange={(id) => onChange(chooseCompany(value, id === null ? null : Number(id), companies))}
        error={errors.company}
        disabled={lockedRole}
      />
      <Select
        label="Role"
        required
        data={lockedRole ? [{ value: 'admin', label: 'Super Admin' }] : roles}
        placeholder="Choose a role"
        value={value.role}
        onChange={(role) => onChange(chooseRole(value, asRole(role), companies))}
        error={errors.role}
        disabled={lockedRole}
      />
    </>
  );
}
