import { cohortAgreementRoutes } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const api = bindRoutes(cohortAgreementRoutes);

export const cohortAgreementKeys = {
  all: ['cohort-agreement'] as const,
  of: (testId: number) => [...cohortAgreementKeys.all, testId] as const,
};

/** How the test's remote cohort agrees with its lab cohort (the agreement panel); `available: false` without both. */
export function useCohortAgreement(testId: number) {
  return useQuery({
    queryKey: cohortAgreementKeys.of(testId),
    queryFn: async ({ signal }) => (await api.get({ id: testId, signal })).data,
    staleTime: 5 * 60_000,
  });
}
