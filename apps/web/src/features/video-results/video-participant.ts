import { type TestDetail, videoTestRoutes } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { bindRoutes, isApiError } from '../../api';

// Apart from api.ts: the test setup editor and the research insights screen ask for the result of
// processing without the results screens' queries.
const videoTestApi = bindRoutes(videoTestRoutes);

/** A participant of type video_heatmap is the stored result of processing (spec 2 §4). */
export const hasVideoResults = (test: Pick<TestDetail, 'participants'>) =>
  test.participants.some((participant) => participant.type === 'video_heatmap');

export const videoParticipantKey = (testId: number) => ['participants', 'video', testId] as const;

/**
 * The result of video processing (a participant of type video_heatmap); null when there is none.
 * `enabled: false` when the test says it has none, so that no 404 is asked for.
 */
export function useVideoParticipant(testId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: videoParticipantKey(testId),
    enabled,
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
