import { annotationRoutes } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { cohortParam, useCohort } from '../cohorts';

// Apart from the page titles' queries (api.ts), which the app asks for as it starts.
const api = bindRoutes(annotationRoutes);

export const tagKeys = { list: (testId: number) => ['tags', testId] as const };

/** GET /tests/{id}/tags: the test's tags with description, points, count and participants. */
export function useTags(testId: number) {
  const cohort = useCohort();
  return useQuery({
    queryKey: [...tagKeys.list(testId), cohort],
    queryFn: async ({ signal }) =>
      (await api.listTags({ id: testId, query: { cohort: cohortParam(cohort) }, signal })).tags,
    retry: false,
  });
}

export type TagChanges = { name?: string; description?: string };

function useRefreshTags(testId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tagKeys.list(testId) });
}

export function useCreateTag(testId: number) {
  const onSuccess = useRefreshTags(testId);
  return useMutation({
    mutationFn: (tag: { name: string; description: string }) => api.createTag({ id: testId, body: { tag } }),
    onSuccess,
  });
}

export function useUpdateTag(testId: number) {
  const onSuccess = useRefreshTags(testId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TagChanges }) =>
      api.updateTag({ id, body: { tag: changes } }),
    onSuccess,
  });
}

export function useDeleteTag(testId: number) {
  const onSuccess = useRefreshTags(testId);
  return useMutation({ mutationFn: (id: number) => api.deleteTag({ id }), onSuccess });
}
