import { type Cohort, qualityRoutes } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { labelKeys } from '../annotations';
import { cohortParam } from '../cohorts';

const qualityApi = bindRoutes(qualityRoutes);

export const qualityKeys = {
  all: (testId: number) => ['quality', testId] as const,
  test: (testId: number, cohort: Cohort) => [...qualityKeys.all(testId), 'test', cohort] as const,
  participant: (testId: number, id: number) => [...qualityKeys.all(testId), 'participant', id] as const,
};

/**
 * Every participant's data quality with the test's summary, of one cohort or everyone (research
 * area; computed on the server when asked).
 */
export function useTestQuality(testId: number, cohort: Cohort = 'all') {
  return useQuery({
    queryKey: qualityKeys.test(testId, cohort),
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await qualityApi.test({ id: testId, query: { cohort: cohortParam(cohort) }, signal })).data,
  });
}

export function useParticipantQuality(testId: number, id: number) {
  return useQuery({
    queryKey: qualityKeys.participant(testId, id),
    queryFn: ({ signal }) => qualityApi.participant({ id: testId, pid: id, signal }),
  });
}

/**
 * Leaves a participant out of the metrics or takes them back in. The server recomputes the page
 * and tag metrics in a job, so the pages are fetched again once it has had a moment.
 */
export function useSetExcludedFromMetrics(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, excluded }: { id: number; excluded: boolean }) =>
      (await qualityApi.update({ id: testId, pid: id, body: { excluded_from_metrics: excluded } })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: qualityKeys.all(testId) });
      void queryClient.invalidateQueries({ queryKey: labelKeys.list(testId) });
    },
  });
}
