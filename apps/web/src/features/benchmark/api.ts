import { benchmarkRoutes } from '@limbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const api = bindRoutes(benchmarkRoutes);

export const benchmarkKeys = { detail: (testId: number) => ['benchmark', testId] as const };

/** The test against its company's and its category's done tests (Professional). */
export const benchmarkQuery = (testId: number) =>
  queryOptions({
    queryKey: benchmarkKeys.detail(testId),
    queryFn: async ({ signal }) => (await api.get({ id: testId, signal })).data,
  });

export function useBenchmark(testId: number) {
  return useQuery(benchmarkQuery(testId));
}
