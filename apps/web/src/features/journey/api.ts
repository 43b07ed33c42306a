import { journeyRoutes } from '@limbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const api = bindRoutes(journeyRoutes);

export const journeyKeys = { detail: (testId: number) => ['journey', testId] as const };

/** How the test's participants moved from page to page (Professional). */
export const journeyQuery = (testId: number) =>
  queryOptions({
    queryKey: journeyKeys.detail(testId),
    queryFn: async ({ signal }) => (await api.get({ id: testId, signal })).data,
  });

export function useJourney(testId: number) {
  return useQuery(journeyQuery(testId));
}
