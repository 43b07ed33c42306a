import { annotationRoutes } from '@limbus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const api = bindRoutes(annotationRoutes);

/** A test's page titles (labels). */
export const labelKeys = { list: (testId: number) => ['labels', testId] as const };

export const labelsQuery = (testId: number) =>
  queryOptions({
    queryKey: labelKeys.list(testId),
    queryFn: async ({ signal }) => (await api.listLabels({ id: testId, signal })).data.labels,
  });

export function useLabels(testId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...labelsQuery(testId), enabled: options.enabled });
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
