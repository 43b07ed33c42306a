import {
  type NewSuggestion,
  type Suggestion,
  type SuggestionChanges,
  suggestionRoutes,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { moveToRank, renumbered } from './ranking';

/** Query keys of a test's suggestions. */
export const suggestionKeys = {
  all: ['suggestions'] as const,
  list: (testId: number) => [...suggestionKeys.all, testId, 'list'] as const,
  detail: (testId: number, id: number) => [...suggestionKeys.all, testId, 'detail', id] as const,
};

const api = bindRoutes(suggestionRoutes);

/** The test's suggestions in rank order, ranked 1 to n as shown (spec 2: renumbered on load). */
export function useSuggestions(testId: number) {
  return useQuery({
    queryKey: suggestionKeys.list(testId),
    queryFn: async ({ signal }) => renumbered((await api.list({ id: testId, signal })).data.suggestions),
  });
}

export function useSuggestion(testId: number, id: number | null) {
  return useQuery({
    queryKey: suggestionKeys.detail(testId, id ?? 0),
    queryFn: async ({ signal }) => (await api.get({ id: testId, sid: id ?? 0, signal })).data,
    enabled: id !== null && id > 0,
    retry: false,
  });
}

function useStoreSuggestion(testId: number) {
  const queryClient = useQueryClient();
  return (suggestion: Suggestion) => {
    queryClient.setQueryData(suggestionKeys.detail(testId, suggestion.id), suggestion);
    void queryClient.invalidateQueries({ queryKey: suggestionKeys.list(testId) });
  };
}

/** The author is whoever is signed in: the server sets it. */
export function useCreateSuggestion(testId: number) {
  const store = useStoreSuggestion(testId);
  return useMutation({
    mutationFn: async (suggestion: NewSuggestion) =>
      (await api.create({ id: testId, body: { suggestion: { ...suggestion, test_id: testId } } })).data,
    onSuccess: store,
  });
}

export function useUpdateSuggestion(testId: number) {
  const store = useStoreSuggestion(testId);
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: SuggestionChanges }) =>
      (await api.update({ id: testId, sid: id, body: { suggestion: changes } })).data,
    onSuccess: store,
  });
}

/**
 * Moves a suggestion to a rank: the list shows the new order at once and is read again once the
 * server has renumbered (or, on failure, to undo the move).
 */
export function useMoveSuggestion(testId: number) {
  const queryClient = useQueryClient();
  const key = suggestionKeys.list(testId);
  return useMutation({
    mutationFn: ({ id, rank }: { id: number; rank: number }) =>
      api.update({ id: testId, sid: id, body: { suggestion: { rank } } }),
    onMutate: async ({ id, rank }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Suggestion[]>(key, (list) => (list ? moveToRank(list, id, rank) : list));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteSuggestion(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete({ id: testId, sid: id }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: suggestionKeys.detail(testId, id) });
      void queryClient.invalidateQueries({ queryKey: suggestionKeys.list(testId) });
    },
  });
}
