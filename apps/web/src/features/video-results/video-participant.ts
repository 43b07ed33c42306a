import { videoTestRoutes } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { bindRoutes, isApiError } from '../../api';

// Apart from api.ts: the test setup editor and the research insights screen ask for the result of
// processing without the results screens' queries.
const videoTestApi = bindRoutes(videoTestRoutes);

export const videoParticipantKey = (testId: number) => ['participants', 'video', testId] as const;

/** The result of video processing (a participant of type video_heatmap); null when there is none. */
export function useVideoParticipant(testId: number) {
  return useQuery({
    queryKey: videoParticipantKey(testId),
    queryFn: async ({ signal }) => {
      try {
        return await videoTestApi.participant({ query: { test_id: testId }, signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}
