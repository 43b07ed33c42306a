import {
  type DecodedStream,
  decodeStream,
  type EmotionSamples,
  type ExpressionSamples,
  type EyeSamples,
  type MouseSamples,
} from '@limbus/analytics';
import {
  annotationRoutes,
  answerRoutes,
  type Cohort,
  fillPath,
  type ParticipantAssociation,
  type ParticipantSource,
  participantRoutes,
  STREAMS_OF_SOURCE,
  type StreamKindName,
  voiceRoutes,
} from '@limbus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, bindRoutes, fetchApiFile, type UploadOptions } from '../../api';
import { cohortParam, useCohort } from '../cohorts';
import { testKeys } from '../user-tests';

const participantApi = bindRoutes(participantRoutes);
const annotationApi = bindRoutes(annotationRoutes);
const answerApi = bindRoutes(answerRoutes);
const voiceApi = bindRoutes(voiceRoutes);

/** How often a participant's spoken audio is asked again while a take is being joined. */
export const VOICE_PENDING_POLL_MS = 3000;

export const participantKeys = {
  all: (testId: number) => ['participants', testId] as const,
  list: (testId: number) => [...participantKeys.all(testId), 'list'] as const,
  detail: (testId: number, id: number) => [...participantKeys.all(testId), 'detail', id] as const,
  stream: (testId: number, id: number, kind: string) =>
    [...participantKeys.all(testId), 'stream', id, kind] as const,
};

/** The participants of type default of a test (spec 2 participants list). */
export const participantsQuery = (testId: number, cohort: Cohort = 'all') =>
  queryOptions({
    queryKey: [...participantKeys.list(testId), cohort],
    queryFn: ({ signal }) =>
      participantApi.list({ id: testId, query: { cohort: cohortParam(cohort) }, signal }),
  });

/** The test's participants of the results' cohort (the address's `?cohort`). */
export function useParticipants(testId: number) {
  return useQuery(participantsQuery(testId, useCohort()));
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
      participantApi.get({
        id: testId,
        pid: id,
        query: { associations: DETAIL_ASSOCIATIONS.join(','), fields: 'video' },
        signal,
      }),
    // the demo's recordings are made on their first view: ask again until it is there
    refetchInterval: (query) => (query.state.data?.video_pending ? 3000 : false),
  });
}

type StreamSamples = {
  emotions: EmotionSamples;
  eyes: EyeSamples;
  mice: MouseSamples;
  expressions: ExpressionSamples;
};

/** The samples of a decoded stream when it is of the kind asked for. */
const SAMPLES_OF_KIND: { [K in keyof StreamSamples]: (stream: DecodedStream) => StreamSamples[K] | null } = {
  emotions: (stream) => (stream.kind === 'emotions' ? stream.samples : null),
  eyes: (stream) => (stream.kind === 'eyes' ? stream.samples : null),
  mice: (stream) => (stream.kind === 'mice' ? stream.samples : null),
  expressions: (stream) => (stream.kind === 'expressions' ? stream.samples : null),
};

/**
 * What is known of a participant's streams before asking: its source (a webcam records no EEG),
 * or the kinds it stored (the detail's `streams`).
 */
export type KnownStreams = { source?: ParticipantSource; streams?: readonly StreamKindName[] };

/** Whether a stream cannot be there by what is known: then nothing is asked (it would answer 404). */
const isKnownAbsent = (kind: StreamKindName, known: KnownStreams | undefined) =>
  Boolean(
    (known?.source && !STREAMS_OF_SOURCE[known.source].includes(kind)) ||
      (known?.streams && !known.streams.includes(kind)),
  );

/** One sample stream in the compact columnar form (docs/recorded-data.md); null when there is none. */
export function useStreamSamples<K extends keyof StreamSamples>(
  testId: number,
  id: number,
  kind: K,
  known?: KnownStreams,
) {
  return useQuery(streamQuery(testId, id, kind, known));
}

export function streamQuery<K extends keyof StreamSamples>(
  testId: number,
  id: number,
  kind: K,
  known?: KnownStreams,
) {
  return queryOptions({
    queryKey: participantKeys.stream(testId, id, kind),
    queryFn: async ({ signal }): Promise<StreamSamples[K] | null> => {
      if (isKnownAbsent(kind, known)) return null;
      // Bytes, not JSON: fetched with the client's token and its refresh.
      const path = fillPath(participantRoutes.stream.path, { id: testId, pid: id, kind });
      const response = await fetchApiFile(`${API_BASE}${path}`, signal);
      if (response.status === 404) return null;
      if (!response.ok) throw new ApiError(response.status, { message: `The ${kind} could not be loaded` });
      const stream = decodeStream(new Uint8Array(await response.arrayBuffer()));
      return SAMPLES_OF_KIND[kind](stream);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDeleteParticipant(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => participantApi.delete({ id: testId, pid: id }),
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
      const form = new FormData();
      form.append('video', file);
      return participantApi.upload({ id: testId, pid: id, form, onProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantKeys.all(testId) }),
  });
}

// ── sections ──

export type SectionWrite = { timestamp_start: number; timestamp_end: number; label_id: number | null };

/** Section writes; each refreshes the participant (the server answers the stored section). */
export function useSectionMutations(testId: number, participantId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: participantKeys.detail(testId, participantId) });
  return {
    create: useMutation({
      mutationFn: (section: SectionWrite) =>
        annotationApi.createSection({ body: { section: { participant_id: participantId, ...section } } }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...section }: Partial<SectionWrite> & { id: number }) =>
        annotationApi.updateSection({ id, body: { section } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => annotationApi.deleteSection({ id }),
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
        answerApi.create({
          body: { answer: { question_id: questionId, participant_id: participantId, ...answer } },
        }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...answer }: AnswerWrite & { id: number }) =>
        answerApi.update({ id, body: { answer } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => answerApi.delete({ id }),
      onSuccess: refresh,
    }),
  };
}

/**
 * A remote participant's spoken audio: its takes with signed addresses, or why there are none.
 * While a take is being joined (no address yet), asks again.
 */
export function useParticipantVoice(testId: number, participantId: number) {
  return useQuery({
    queryKey: [...participantKeys.detail(testId, participantId), 'voice'],
    queryFn: async ({ signal }) => (await voiceApi.list({ id: testId, pid: participantId, signal })).data,
    refetchInterval: (query) =>
      query.state.data?.takes.some((take) => take.url === null) ? VOICE_PENDING_POLL_MS : false,
    // a fresh signed address would reload a take being played
    refetchOnWindowFocus: false,
  });
}
