import { participantRoutes } from '@limbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { participantKeys } from '../participants';

const participantApi = bindRoutes(participantRoutes);

/** How often the screen asks again while the server makes the recording. */
const PENDING_POLL_MS = 3000;

/**
 * The participant for the replay: sections and points with the video's signed URL; the samples
 * come separately in the compact form. While the recording is being made, asks again.
 */
export function useRecordingParticipant(testId: number, participantId: number) {
  return useQuery(recordingParticipantQuery(testId, participantId));
}

/** The query of useRecordingParticipant, for useQueries over several participants. */
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
