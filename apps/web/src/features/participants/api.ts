import { decodeStream, type EmotionSamples, type MouseSamples } from '@limbus/analytics';
import type {
  Answer,
  Label,
  ParticipantAssociation,
  ParticipantDetail,
  ParticipantSummary,
  Section,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api, readToken } from '../../api';
import { sendMultipart, type UploadOptions } from '../ordering/upload';
import { testKeys } from '../tests/api';

export const participantKeys = {
  all: (testId: number) => ['participants', testId] as const,
  list: (testId: number) => [...participantKeys.all(testId), 'list'] as const,
  detail: (testId: number, id: number) => [...participantKeys.all(testId), 'detail', id] as const,
  stream: (testId: number, id: number, kind: string) =>
    [...participantKeys.all(testId), 'stream', id, kind] as const,
  labels: (testId: number) => ['labels', testId] as const,
};

/** The participants of type default of a test (spec 2 participants list). */
export function useParticipants(testId: number) {
  return useQuery({
    queryKey: participantKeys.list(testId),
    queryFn: ({ signal }) => api.get<ParticipantSummary[]>(`/tests/${testId}/participants`, { signal }),
  });
}

/** What the participant screens read; the samples come separately, in the compact form. */
const DETAIL_ASSOCIATIONS: ParticipantAssociation[] = [
  'sections',
  'significant_points',
  'open_questions',
  'evaluations',
  'associations',
];

export function useParticipant(testId: number, id: number) {
  return useQuery({
    queryKey: participantKeys.detail(testId, id),
    queryFn: ({ signal }) =>
      api.get<ParticipantDetail>(`/tests/${testId}/participants/${id}`, {
        query: { associations: DETAIL_ASSOCIATIONS.join(','), fields: 'video' },
        signal,
      }),
  });
}

type StreamSamples = { emotions: EmotionSamples; mice: MouseSamples };

/** One sample stream in the compact columnar form (docs/recorded-data.md); null when there is none. */
export function useStreamSamples<K extends keyof StreamSamples>(testId: number, id: number, kind: K) {
  return useQuery({
    queryKey: participantKeys.stream(testId, id, kind),
    queryFn: async ({ signal }): Promise<StreamSamples[K] | null> => {
      const load = () => {
        const token = readToken();
        return fetch(`${API_BASE}/tests/${testId}/participants/${id}/streams/${kind}`, {
          headers: token ? { Authorization: token } : {},
          credentials: 'include',
          signal,
        });
      };
      let response = await load();
      if (response.status === 401 && (await api.refreshSession())) response = await load();
      if (response.status === 404) return null;
      if (!response.ok) throw new ApiError(response.status, { message: `The ${kind} could not be loaded` });
      const stream = decodeStream(new Uint8Array(await response.arrayBuffer()));
      return stream.kind === kind ? (stream.samples as StreamSamples[K]) : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDeleteParticipant(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/tests/${testId}/participants/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: participantKeys.all(testId) });
      void queryClient.invalidateQueries({ queryKey: testKeys.detail(String(testId)) });
    },
  });
}

/** Uploads the recording with progress; then the chart and the participant are fetched again. */
export function useUploadParticipantVideo(testId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: UploadOptions['onProgress'] }) => {
      const body = new FormData();
      body.append('video', file);
      return sendMultipart<ParticipantSummary>('PATCH', `/tests/${testId}/participants/${id}`, body, {
        onProgress,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantKeys.all(testId) }),
  });
}

// ── page titles (labels) and sections ──

export function useLabels(testId: number) {
  return useQuery({
    queryKey: participantKeys.labels(testId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: { labels: Label[] } }>(`/tests/${testId}/labels`, { signal })).data.labels,
  });
}

export function useCreateLabel(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: { name: string; urls: string[] }) =>
      api.post<Label>(`/tests/${testId}/labels`, { label }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantKeys.labels(testId) }),
  });
}

export type SectionWrite = { timestamp_start: number; timestamp_end: number; label_id: number | null };

/** Section writes; each refreshes the participant (the server answers the stored section). */
export function useSectionMutations(testId: number, participantId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: participantKeys.detail(testId, participantId) });
  return {
    create: useMutation({
      mutationFn: (section: SectionWrite) =>
        api.post<Section>('/sections', { section: { participant_id: participantId, ...section } }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...section }: Partial<SectionWrite> & { id: number }) =>
        api.patch<Section>(`/sections/${id}`, { section }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete(`/sections/${id}`),
      onSuccess: refresh,
    }),
  };
}

// ── questionnaire answers ──

export type AnswerWrite = { text?: string; score?: number | null; checked?: boolean };

/** The answer lifecycle of spec 2 §4: create first, then update; unchecking an association deletes. */
export function useAnswerMutations(testId: number, participantId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: participantKeys.detail(testId, participantId) });
  return {
    create: useMutation({
      mutationFn: ({ questionId, ...answer }: AnswerWrite & { questionId: number }) =>
        api.post<Answer>('/answers', {
          answer: { question_id: questionId, participant_id: participantId, ...answer },
        }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...answer }: AnswerWrite & { id: number }) =>
        api.patch<Answer>(`/answers/${id}`, { answer }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete(`/answers/${id}`),
      onSuccess: refresh,
    }),
  };
}
