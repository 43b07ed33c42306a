import { type NewRemoteCohort, remoteCohortRoutes } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const remoteCohortApi = bindRoutes(remoteCohortRoutes);

export const remoteCohortKeys = {
  list: (testId: number) => ['remote-cohorts', testId] as const,
};

/** A test's remote cohorts, newest first. */
export function useRemoteCohorts(testId: number) {
  return useQuery({
    queryKey: remoteCohortKeys.list(testId),
    queryFn: async ({ signal }) => (await remoteCohortApi.list({ id: testId, signal })).data,
  });
}

/** Opens a cohort; the answer carries the participant link's path this once. */
export function useOpenRemoteCohort(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cohort: NewRemoteCohort) =>
      remoteCohortApi.create({ id: testId, body: { remote_cohort: cohort } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remoteCohortKeys.list(testId) }),
  });
}

/** Closes a cohort: its link creates no participant any more. */
export function useCloseRemoteCohort(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cohortId: number) => remoteCohortApi.revoke({ id: cohortId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remoteCohortKeys.list(testId) }),
  });
}
