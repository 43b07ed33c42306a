import type { AiUsage, BodyInputOf, Contract, NewCompany } from '@limbus/contract';
import { aiRoutes, COMPANY_DELETE_REFRESH_MS, companyRoutes, contractRoutes } from '@limbus/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { userKeys } from '../account';
import { companyKeys } from '../organisation';

export const countryKeys = { all: ['countries'] as const };

const companyApi = bindRoutes(companyRoutes);
const contractApi = bindRoutes(contractRoutes);
const aiApi = bindRoutes(aiRoutes);

export const companyAiKey = (companyId: number) => ['company-ai', companyId] as const;

export function useCountries() {
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: ({ signal }) => companyApi.countries({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Deletes, then reloads the list after COMPANY_DELETE_REFRESH_MS (spec 1 §2). */
export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => companyApi.delete({ id }),
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
    mutationFn: (company: NewCompany) => companyApi.create({ body: { company } }),
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
      mutationFn: (months: number) => contractApi.create({ body: { company_id: companyId, months } }),
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
        contractApi.update({
          id: contract.id,
          body: { ...contract, start_date, end_date, endDate: end_date },
        }),
      onSuccess,
    }),
    renew: useMutation({
      mutationFn: ({ contractId, months }: { contractId: number; months: number }) =>
        contractApi.renew({ id: contractId, body: { months } }),
      onSuccess,
    }),
    addBundle: useMutation({
      mutationFn: (bundle: BodyInputOf<typeof contractRoutes.createBundle>) =>
        contractApi.createBundle({ body: bundle }),
      onSuccess,
    }),
    deleteBundle: useMutation({
      mutationFn: (bundleId: number) => contractApi.deleteBundle({ id: bundleId }),
      onSuccess,
    }),
  };
}

/** The company's AI insight language and monthly token budget, with this month's use. */
export function useCompanyAi(companyId: number) {
  return useQuery({
    queryKey: companyAiKey(companyId),
    queryFn: ({ signal }) => aiApi.companyUsage({ id: companyId, signal }),
  });
}

/** The settings form sends both fields (the route takes either). */
export type AiSettingsChange = Required<BodyInputOf<typeof aiRoutes.settings>>;

export function useSaveCompanyAi(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AiSettingsChange) => aiApi.settings({ id: companyId, body }),
    onSuccess: (usage: AiUsage) => queryClient.setQueryData(companyAiKey(companyId), usage),
  });
}
