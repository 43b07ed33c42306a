import { type Cohort, journeyRoutes } from '@limbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { cohortParam, useCohort } from '../cohorts';

const api = bindRoutes(journeyRoutes);

export const journeyKeys = { detail: (testId: number) => ['journey', testId] as const };

/** How the test's participants moved from page to page (Professional). */
export const journeyQuery = (testId: number, cohort: Cohort = 'all') =>
  queryOptions({
    queryKey: [...journeyKeys.detail(testId), cohort],
    queryFn: async ({ signal }) =>
      (await api.get({ id: testId, query: { cohort: cohortParam(cohort) }, signal })).data,
  });

export function useJourney(testId: number) {
  return useQuery(journeyQuery(testId, useCohort()));
}
