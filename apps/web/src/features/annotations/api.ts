import { annotationRoutes, type Cohort } from '@limbus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { cohortParam, useCohort } from '../cohorts';

const api = bindRoutes(annotationRoutes);

/** A test's page titles (labels). */
export const labelKeys = { list: (testId: number) => ['labels', testId] as const };

export const labelsQuery = (testId: number, cohort: Cohort = 'all') =>
  queryOptions({
    queryKey: [...labelKeys.list(testId), cohort],
    queryFn: async ({ signal }) =>
      (await api.listLabels({ id: testId, query: { cohort: cohortParam(cohort) }, signal })).data.labels,
  });

/** The test's pages with their metrics over the results' cohort (the address's `?cohort`). */
export function useLabels(testId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...labelsQuery(testId, useCohort()), enabled: options.enabled });
}

export function useCreateLabel(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: { name: string; urls: string[] }) => api.createLabel({ id: testId, body: { label } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelKeys.list(testId) }),
  });
}

export type LabelChanges = { name?: string; urls?: string[] };

export function useUpdateLabel(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: LabelChanges }) =>
      api.updateLabel({ id: testId, lid: id, body: { label: changes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelKeys.list(testId) }),
  });
}

export function useDeleteLabel(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteLabel({ id: testId, lid: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelKeys.list(testId) }),
  });
}
