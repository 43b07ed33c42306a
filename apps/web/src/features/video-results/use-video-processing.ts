import { type TestDetail, testRoutes, videoTestRoutes } from '@limbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bindRoutes } from '../../api';
import { testKeys } from '../user-tests';
import { useProcessingPoll } from './processing-poll';
import { videoParticipantKey } from './video-participant';

const testApi = bindRoutes(testRoutes);
const videoTestApi = bindRoutes(videoTestRoutes);

export type VideoProcessingPhase = 'idle' | 'starting' | 'processing';

/**
 * Process Video Test: starts processing, polls the test until internal_state clears, then lets
 * the video participant load (by the shared processing poll). A test already processing polls.
 */
export function useVideoProcessing(test: Pick<TestDetail, 'id' | 'internal_state'>) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<VideoProcessingPhase>(
    test.internal_state === 'video_processing' ? 'processing' : 'idle',
  );
  const [error, setError] = useState<unknown>(null);

  useProcessingPoll(`test-${test.id}`, phase === 'processing', {
    isDone: async () => {
      const fresh = await testApi.get({ id: test.id, handlesServerError: true });
      queryClient.setQueryData(testKeys.detail(String(test.id)), fresh);
      return fresh.internal_state === null;
    },
    load: () => {
      void queryClient.invalidateQueries({ queryKey: videoParticipantKey(test.id) });
      setPhase('idle');
    },
  });

  const start = () => {
    setError(null);
    setPhase('starting');
    videoTestApi.process({ id: test.id }).then(
      () => setPhase('processing'),
      (failure: unknown) => {
        setError(failure);
        setPhase('idle');
      },
    );
  };

  return { phase, isBusy: phase !== 'idle', error, start };
}
