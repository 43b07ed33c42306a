import { describe, expect, it } from 'vitest';
import { chooseCompany, chooseRole } from './role-company';

const companies = [
  { id: 1, is_demo: true },
  { id: 2, is_demo: false },
  { id: 7, is_demo: false },
];

describe('role and company coupling', () => {
  it('forces role demo when the demo company is chosen', () => {
    expect(chooseCompany({ role: 'company_admin', companyId: 7 }, 1, companies)).toEqual({
      role: 'demo',
      companyId: 1,
    });
  });

  it('forces the demo company when role demo is chosen', () => {
    expect(chooseRole({ role: 'company_member', companyId: 7 }, 'demo', companies)).toEqual({
      role: 'demo',
      companyId: 1,
    });
  });

  it('drops role demo when another company is chosen', () => {
    expect(chooseCompany({ role: 'demo', companyId: 1 }, 7, companies)).toEqual({ role: null, companyId: 7 });
  });

  it('drops the demo company when another role is chosen', () => {
    expect(chooseRole({ role: 'demo', companyId: 1 }, 'company_admin', companies)).toEqual({
      role: 'company_admin',
      companyId: null,
    });
  });

  it('leaves other choices alone', () => {
    expect(chooseCompany({ role: 'company_admin', companyId: 2 }, 7, companies)).toEqual({
      role: 'company_admin',
      companyId: 7,
    });
    expect(chooseRole({ role: null, companyId: 7 }, 'company_member', companies)).toEqual({
      role: 'company_member',
      companyId: 7,
    });
  });

  it('knows the demo company by its flag only: before the companies are loaded none is chosen', () => {
    expect(chooseRole({ role: null, companyId: null }, 'demo', [])).toEqual({
      role: 'demo',
      companyId: null,
    });
    expect(chooseCompany({ role: 'company_admin', companyId: null }, 1, [])).toEqual({
      role: 'company_admin',
      companyId: 1,
    });
  });
});
