import type {
  AiInsightField,
  AiTextAnswer,
  Insight,
  InsightChanges,
  ParticipantDetail,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';

/** Query keys of a test's insights. */
export const insightKeys = {
  all: ['insights'] as const,
  list: (testId: number) => [...insightKeys.all, testId, 'list'] as const,
  participantPoints: (testId: number, participantId: number) =>
    [...insightKeys.all, testId, 'participant-points', participantId] as const,
};

const listPath = (testId: number) => `/tests/${testId}/insights`;
const onePath = (testId: number, id: number) => `${listPath(testId)}/${id}`;

/** The test's insights by number (the spec reads data.insights). */
export function useInsights(testId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: insightKeys.list(testId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: { insights: Insight[] } }>(listPath(testId), { signal })).data.insights,
    enabled: options.enabled,
  });
}

/** Puts a saved insight into the list, so that list and detail show it at once. */
function useStoreInsight(testId: number) {
  const queryClient = useQueryClient();
  return (insight: Insight) => {
    queryClient.setQueryData<Insight[]>(insightKeys.list(testId), (list) =>
      list
        ? list.some((item) => item.id === insight.id)
          ? list.map((item) => (item.id === insight.id ? insight : item))
          : [...list, insight]
        : list,
    );
  };
}

export function useCreateInsight(testId: number) {
  const store = useStoreInsight(testId);
  return useMutation({
    mutationFn: async (title: string) =>
      (await api.post<{ data: Insight }>(listPath(testId), { insight: { title } })).data,
    onSuccess: store,
  });
}

export function useUpdateInsight(testId: number) {
  const store = useStoreInsight(testId);
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: InsightChanges }) =>
      (await api.patch<{ data: Insight }>(onePath(testId, id), { insight: changes })).data,
    onSuccess: store,
  });
}

/** The later insights move up a number on the server: the list is read again. */
export function useDeleteInsight(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(onePath(testId, id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightKeys.list(testId) }),
  });
}

/** The significant points of one participant, to link to an insight (and its start, for times). */
export function useParticipantPoints(testId: number, participantId: number | undefined) {
  return useQuery({
    queryKey: insightKeys.participantPoints(testId, participantId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ParticipantDetail>(`/tests/${testId}/participants/${participantId}`, {
        query: { associations: 'significant_points' },
        signal,
      }),
    enabled: participantId !== undefined && participantId > 0,
  });
}

/** New text for a field of the saved insight, written by the server's AI provider; nothing is saved. */
export function useGenerateInsightText(testId: number, insightId: number) {
  return useMutation({
    mutationFn: (field: AiInsightField) =>
      api.post<AiTextAnswer>(`${onePath(testId, insightId)}/ai/${field}`),
  });
}
