import { type Cohort, participantRoutes, sectionClipsRoutes } from '@limbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { cohortParam, useCohort } from '../cohorts';
import { participantKeys } from '../participants';

const participantApi = bindRoutes(participantRoutes);
const sectionClipsApi = bindRoutes(sectionClipsRoutes);

/** How often the screen asks again while the server makes the recording. */
const PENDING_POLL_MS = 3000;

/**
 * The participant for the replay: sections and points with the video's signed URL; the samples
 * come separately in the compact form. While the recording is being made, asks again.
 */
export function useRecordingParticipant(testId: number, participantId: number) {
  return useQuery(recordingParticipantQuery(testId, participantId));
}

export function recordingParticipantQuery(testId: number, participantId: number) {
  return queryOptions({
    queryKey: [...participantKeys.detail(testId, participantId), 'recording'],
    queryFn: ({ signal }) =>
      participantApi.get({
        id: testId,
        pid: participantId,
        query: { associations: 'sections,significant_points', fields: 'video' },
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.video_pending ? PENDING_POLL_MS : false),
    // a fresh signed URL would reload the video: keep the answer while the screen is open
    refetchOnWindowFocus: false,
  });
}

/**
 * The section video of a page in one answer: every visitor's clip with its video's signed URL and
 * the emotions of the visit. While a recording is being made, asks again (the other clips' URLs
 * stay the same within the hour, and the screen keeps the first it got).
 */
export function useSectionClips(testId: number, labelId: number) {
  return useQuery(sectionClipsQuery(testId, labelId, useCohort()));
}

export function sectionClipsQuery(testId: number, labelId: number, cohort: Cohort = 'all') {
  return queryOptions({
    queryKey: [...participantKeys.all(testId), 'section-clips', labelId, cohort],
    queryFn: async ({ signal }) =>
      (
        await sectionClipsApi.get({
          id: testId,
          query: { label_id: labelId, cohort: cohortParam(cohort) },
          signal,
        })
      ).data,
    refetchInterval: (query) =>
      query.state.data?.clips.some((clip) => clip.video_pending) ? PENDING_POLL_MS : false,
    refetchOnWindowFocus: false,
  });
}
