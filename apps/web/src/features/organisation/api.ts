import { companyRoutes, userRoutes } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

/** Query keys of companies (organisation, members and the admin company screens share them). */
export const companyKeys = {
  all: ['companies'] as const,
  list: () => [...companyKeys.all, 'list'] as const,
  detail: (id: number) => [...companyKeys.all, 'detail', id] as const,
  members: (id: number) => [...companyKeys.detail(id), 'members'] as const,
};

const api = bindRoutes(companyRoutes);
const userApi = bindRoutes(userRoutes);

/** Every company (staff only): the admin list and the company pickers. */
export function useCompanies() {
  return useQuery({
    queryKey: companyKeys.list(),
    queryFn: ({ signal }) => api.list({ signal }),
  });
}

export function useCompany(id: number | null | undefined) {
  return useQuery({
    queryKey: companyKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get({ id: id ?? 0, signal }),
    enabled: typeof id === 'number' && id > 0,
  });
}

/** The company's members (roles company_admin and company_member). */
export function useCompanyMembers(companyId: number | null | undefined) {
  return useQuery({
    queryKey: companyKeys.members(companyId ?? 0),
    queryFn: ({ signal }) =>
      userApi.ofCompany({ id: companyId ?? 0, query: { role: 'company_admin,company_member' }, signal }),
    enabled: typeof companyId === 'number' && companyId > 0,
  });
}
