import type { Company, Contract, NewCompany, TestType } from '@limbus/contract';
import { COMPANY_DELETE_REFRESH_MS } from '@limbus/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { userKeys } from '../account/api';
import { companyKeys } from '../organisation/api';

export type CompanyRow = {
  id: number;
  name: string;
  available_tests: number;
  end_date: string | null;
  is_demo: boolean;
  is_provider: boolean;
};
export type Country = { id: number; name: string; code: string };

export const countryKeys = { all: ['countries'] as const };

export function useCompanies() {
  return useQuery({
    queryKey: companyKeys.list(),
    queryFn: ({ signal }) => api.get<CompanyRow[]>('/companies', { signal }),
  });
}

export function useCountries() {
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: ({ signal }) => api.get<Country[]>('/countries', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Deletes, then reloads the list after COMPANY_DELETE_REFRESH_MS (spec 1 §2). */
export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/companies/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: companyKeys.detail(id) });
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: companyKeys.list() });
      }, COMPANY_DELETE_REFRESH_MS);
    },
  });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (company: NewCompany) =>
      api.post<{ status: 'created'; data: Company }>('/companies', { company }),
    onSuccess: (answer) => {
      queryClient.setQueryData(companyKeys.detail(answer.data.id), answer.data);
      void queryClient.invalidateQueries({ queryKey: companyKeys.list() });
      // the chosen (or invited) admin now belongs to the new company
      void queryClient.invalidateQueries({ queryKey: userKeys.list() });
      if (answer.data.admin_id !== null) {
        void queryClient.invalidateQueries({ queryKey: userKeys.detail(answer.data.admin_id) });
      }
    },
  });
}

/** A contract or bundle change alters the company page and its row in the list. */
function invalidateCompany(queryClient: QueryClient, companyId: number) {
  void queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId), exact: true });
  void queryClient.invalidateQueries({ queryKey: companyKeys.list() });
}

export function useContractMutations(companyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => invalidateCompany(queryClient, companyId);
  return {
    create: useMutation({
      mutationFn: (months: number) => api.post<Contract>('/contracts', { company_id: companyId, months }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({
        contract,
        start_date,
        end_date,
      }: {
        contract: Contract;
        start_date: string;
        end_date: string;
      }) =>
        // the whole contract goes back; the server only takes the dates and comments from it
        api.patch<Contract>(`/contracts/${contract.id}`, {
          ...contract,
          start_date,
          end_date,
          endDate: end_date,
        }),
      onSuccess,
    }),
    renew: useMutation({
      mutationFn: ({ contractId, months }: { contractId: number; months: number }) =>
        api.post<Contract>(`/contracts/${contractId}/renew`, { months }),
      onSuccess,
    }),
    addBundle: useMutation({
      mutationFn: (bundle: { contract_id: number; test_type: TestType; tests: number }) =>
        api.post('/bundles', bundle),
      onSuccess,
    }),
    deleteBundle: useMutation({
      mutationFn: (bundleId: number) => api.delete(`/bundles/${bundleId}`),
      onSuccess,
    }),
  };
}
