import {
  type AiInsightField,
  aiRoutes,
  type Insight,
  type InsightChanges,
  insightRoutes,
  participantRoutes,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const participantApi = bindRoutes(participantRoutes);

/** Query keys of a test's insights. */
export const insightKeys = {
  all: ['insights'] as const,
  list: (testId: number) => [...insightKeys.all, testId, 'list'] as const,
  participantPoints: (testId: number, participantId: number) =>
    [...insightKeys.all, testId, 'participant-points', participantId] as const,
  recording: (testId: number, participantId: number) =>
    [...insightKeys.all, testId, 'recording', participantId] as const,
};

const insightsApi = bindRoutes(insightRoutes);
const aiApi = bindRoutes(aiRoutes);

/** The test's insights by number (the spec reads data.insights). */
export function useInsights(testId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: insightKeys.list(testId),
    queryFn: async ({ signal }) => (await insightsApi.list({ id: testId, signal })).data.insights,
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
      (await insightsApi.create({ id: testId, body: { insight: { title } } })).data,
    onSuccess: store,
  });
}

export function useUpdateInsight(testId: number) {
  const store = useStoreInsight(testId);
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: InsightChanges }) =>
      (await insightsApi.update({ id: testId, iid: id, body: { insight: changes } })).data,
    onSuccess: store,
  });
}

/** The later insights move up a number on the server: the list is read again. */
export function useDeleteInsight(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => insightsApi.delete({ id: testId, iid: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightKeys.list(testId) }),
  });
}

/** The significant points of one participant, to link to an insight (and its start, for times). */
export function useParticipantPoints(testId: number, participantId: number | undefined) {
  return useQuery({
    queryKey: insightKeys.participantPoints(testId, participantId ?? 0),
    queryFn: ({ signal }) =>
      participantApi.get({
        id: testId,
        pid: participantId ?? 0,
        query: { associations: 'significant_points' },
        signal,
      }),
    enabled: participantId !== undefined && participantId > 0,
  });
}

/** New text for a field of the saved insight, written by the server's AI provider; nothing is saved. */
export function useGenerateInsightText(testId: number, insightId: number) {
  return useMutation({
    mutationFn: (field: AiInsightField) => aiApi.insightText({ id: testId, iid: insightId, field }),
  });
}

/** A participant's recording address and start, for the clip of an insight's highlight. */
export function useParticipantRecording(testId: number, participantId: number | undefined) {
  return useQuery({
    queryKey: insightKeys.recording(testId, participantId ?? 0),
    queryFn: ({ signal }) =>
      participantApi.get({ id: testId, pid: participantId ?? 0, query: { fields: 'video' }, signal }),
    enabled: participantId !== undefined && participantId > 0,
    // the demo's recordings are made on their first view: ask again until it is there
    refetchInterval: (query) => (query.state.data?.video_pending ? 3000 : false),
  });
}
