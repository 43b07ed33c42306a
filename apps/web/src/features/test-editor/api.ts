import { testRoutes, userRoutes } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { companyKeys } from '../organisation';
import { testKeys } from '../user-tests';
import type { TestWriteInput } from './setup-form';

const testApi = bindRoutes(testRoutes);

/** Categories and flows change with a deploy, not during a session. */
const REFERENCE_STALE_MS = 10 * 60_000;

export const referenceKeys = { categories: ['categories'] as const, flows: ['flows'] as const };

export function useCategories() {
  return useQuery({
    queryKey: referenceKeys.categories,
    queryFn: ({ signal }) => testApi.categories({ signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useFlows() {
  return useQuery({
    queryKey: referenceKeys.flows,
    queryFn: ({ signal }) => testApi.flows({ signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

const userApi = bindRoutes(userRoutes);

/** Every user of a company (the requester picker). */
export function useCompanyUsers(companyId: number | null) {
  return useQuery({
    queryKey: [...companyKeys.detail(companyId ?? 0), 'users'],
    queryFn: ({ signal }) => userApi.ofCompany({ id: companyId ?? 0, signal }),
    enabled: companyId !== null && companyId > 0,
  });
}

/** The users a test's researcher may be (the server keeps analysis staff). */
export function useResearchers() {
  return useQuery({
    queryKey: ['researchers'],
    queryFn: ({ signal }) => userApi.researchers({ signal }),
  });
}

/** Saves the setup editor; the test and the test lists are fetched again. */
export function useUpdateTest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (test: TestWriteInput) => testApi.update({ id, body: { test } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(testKeys.detail(String(id)), saved);
      return queryClient.invalidateQueries({ queryKey: testKeys.list() });
    },
  });
}
