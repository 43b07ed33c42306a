import {
  annotationRoutes,
  type Cohort,
  NOTE_TYPES,
  participantRoutes,
  type VideoResults,
  videoResultRoutes,
  videoTestRoutes,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { cohortParam, useCohort } from '../cohorts';
import { participantKeys } from '../participants';
import { qualityKeys } from '../quality';
import { testKeys } from '../user-tests';
import { useProcessingPoll } from './processing-poll';

const resultsApi = bindRoutes(videoResultRoutes);
const processApi = bindRoutes(videoTestRoutes);
const annotationApi = bindRoutes(annotationRoutes);
const participantApi = bindRoutes(participantRoutes);

export const videoResultKeys = {
  /** Everything of the test's video results: summaries, norms and feedback. */
  all: (testId: number) => ['video-results', testId] as const,
  /** The summary data of every cohort. */
  summaries: (testId: number) => ['video-results', testId, 'summary'] as const,
  results: (testId: number, cohort: Cohort) => ['video-results', testId, 'summary', cohort] as const,
  feedback: (testId: number) => ['video-results', testId, 'feedback'] as const,
  norms: (testId: number) => ['video-results', testId, 'norms'] as const,
};

/**
 * The summary data of a video test. While it is processing, the shared processing poll asks
 * again every 10 s (a failed poll is logged and the last answer stays on screen); once
 * processing has ended, the results are read again 5 s later. A screen may use this hook in
 * several places: they share one poll.
 */
export function useVideoResults(testId: number) {
  const queryClient = useQueryClient();
  const cohort = useCohort();
  const results = useQuery({
    queryKey: videoResultKeys.results(testId, cohort),
    queryFn: ({ signal }) =>
      resultsApi.results({ id: testId, query: { cohort: cohortParam(cohort) }, signal }),
  });
  useProcessingPoll(`video-results-${testId}`, results.data?.processing === true, {
    isDone: async () => !(await resultsApi.results({ id: testId, handlesServerError: true })).processing,
    // every cohort's summary, the scenes' norms and the feedback are read again
    load: () =>
      void queryClient.invalidateQueries({ queryKey: videoResultKeys.all(testId) }, { cancelRefetch: false }),
  });
  return results;
}

/** Starts processing (the spec's trigger); the results query then polls. */
export function useStartProcessing(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => processApi.process({ id: testId }),
    onSuccess: () => {
      queryClient.setQueriesData<VideoResults>({ queryKey: videoResultKeys.summaries(testId) }, (data) =>
        data ? { ...data, processing: true } : data,
      );
      void queryClient.invalidateQueries({ queryKey: testKeys.detail(String(testId)) });
    },
  });
}

/**
 * Adds the spec's fake participant: one generated viewer, to see results before real viewers
 * exist. It is left out of the metrics until the researcher counts it, so the list of
 * participants' quality (where its switch is) is read again.
 */
export function useAddGeneratedViewer(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resultsApi.addGeneratedViewer({ id: testId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: qualityKeys.all(testId) }),
  });
}

type SceneDraft = { name: string; startMs: number; endMs: number };

/**
 * Creates a scene: its name (a label), its section on the video participant's timeline (by the
 * sections editor's overlap rules, enforced by the server) and its three empty notes.
 */
export function useCreateScene(results: VideoResults, testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: SceneDraft) => {
      const participantId = results.video_participant_id;
      const start = results.timeline_start;
      if (participantId === null || start === null) throw new Error('The video has no results yet');
      const label = await annotationApi.createLabel({ id: testId, body: { label: { name: draft.name } } });
      try {
        await annotationApi.createSection({
          body: {
            section: {
              participant_id: participantId,
              label_id: label.id,
              timestamp_start: start + draft.startMs,
              timestamp_end: start + draft.endMs,
            },
          },
        });
      } catch (error) {
        await annotationApi.deleteLabel({ id: testId, lid: label.id });
        throw error;
      }
      await resultsApi.batchCreateNotes({
        body: {
          consultancy_notes: NOTE_TYPES.map((noteType) => ({
            note_type: noteType,
            note: '',
            label_id: label.id,
          })),
        },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoResultKeys.all(testId) }),
  });
}

export function useRenameScene(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ labelId, name }: { labelId: number; name: string }) =>
      annotationApi.updateLabel({ id: testId, lid: labelId, body: { label: { name } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoResultKeys.all(testId) }),
  });
}

/** Removes the scene's section and its name; its notes go with the name. */
export function useDeleteScene(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sectionId, labelId }: { sectionId: number; labelId: number }) => {
      await annotationApi.deleteSection({ id: sectionId });
      await annotationApi.deleteLabel({ id: testId, lid: labelId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoResultKeys.all(testId) }),
  });
}

/** Saves one note on its own. */
export function useSaveNote(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      resultsApi.updateNote({ id, body: { consultancy_note: { note } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoResultKeys.all(testId) }),
  });
}

/** The norms of the test's scenes (read again with the results: they share the key's start). */
export function useVideoNorms(testId: number) {
  return useQuery(videoNormsQuery(testId));
}

export const videoNormsQuery = (testId: number) => ({
  queryKey: videoResultKeys.norms(testId),
  queryFn: ({ signal }: { signal?: AbortSignal }) => resultsApi.norms({ id: testId, signal }),
});

export function useQualitativeFeedback(testId: number) {
  const cohort = useCohort();
  return useQuery({
    queryKey: [...videoResultKeys.feedback(testId), cohort],
    queryFn: ({ signal }) =>
      resultsApi.qualitativeFeedback({ id: testId, query: { cohort: cohortParam(cohort) }, signal }),
  });
}

export function useShowAssociations(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      resultsApi.showAssociations({ id: testId, body: { association_ids: ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoResultKeys.feedback(testId) }),
  });
}

/** Toggles a participant's favourite mark (the spec's GET …/favourite). */
export function useToggleFavourite(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: number) => participantApi.favourite({ id: testId, pid: participantId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participantKeys.all(testId) }),
  });
}
