import { benchmarkRoutes, type Cohort } from '@limbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { cohortParam, useCohort } from '../cohorts';

const api = bindRoutes(benchmarkRoutes);

export const benchmarkKeys = {
  detail: (testId: number, cohort: Cohort) => ['benchmark', testId, cohort] as const,
};

/** The test (or one cohort of its participants) against its company's and its category's done tests (Professional). */
export const benchmarkQuery = (testId: number, cohort: Cohort) =>
  queryOptions({
    queryKey: benchmarkKeys.detail(testId, cohort),
    queryFn: async ({ signal }) =>
      (await api.get({ id: testId, query: { cohort: cohortParam(cohort) }, signal })).data,
  });

export function useBenchmark(testId: number) {
  return useQuery(benchmarkQuery(testId, useCohort()));
}
