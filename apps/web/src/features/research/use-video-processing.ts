import type { TestDetail } from '@limbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { testKeys } from '../tests/api';
import { videoParticipantKey } from './api';

/** The setup editor asks for the test every 10 s while its video is processed (spec 2 §4, §9). */
export const VIDEO_POLL_MS = 10_000;
/** After processing ends, the participant data is loaded 5 s later. */
export const VIDEO_RESULT_DELAY_MS = 5_000;

export type VideoProcessingPhase = 'idle' | 'starting' | 'processing' | 'loading';

/**
 * Process Video Test: starts processing, polls the test until internal_state clears, then (after
 * VIDEO_RESULT_DELAY_MS) lets the video participant load. A test already processing starts polling.
 */
export function useVideoProcessing(test: Pick<TestDetail, 'id' | 'internal_state'>) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<VideoProcessingPhase>(
    test.internal_state === 'video_processing' ? 'processing' : 'idle',
  );
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (phase !== 'processing') return;
    let isCancelled = false;
    const poll = async () => {
      try {
        const fresh = await api.get<TestDetail>(`/tests/${test.id}`);
        if (isCancelled) return;
        queryClient.setQueryData(testKeys.detail(String(test.id)), fresh);
        if (fresh.internal_state === null) setPhase('loading');
      } catch {
        // a failed poll is simply tried again on the next tick
      }
    };
    const timer = setInterval(() => void poll(), VIDEO_POLL_MS);
    return () => {
      isCancelled = true;
      clearInterval(timer);
    };
  }, [phase, test.id, queryClient]);

  useEffect(() => {
    if (phase !== 'loading') return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: videoParticipantKey(test.id) });
      setPhase('idle');
    }, VIDEO_RESULT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, test.id, queryClient]);

  const start = () => {
    setError(null);
    setPhase('starting');
    api.get(`/tests/${test.id}/process_video_test`).then(
      () => setPhase('processing'),
      (failure: unknown) => {
        setError(failure);
        setPhase('idle');
      },
    );
  };

  return { phase, isBusy: phase !== 'idle', error, start };
}
