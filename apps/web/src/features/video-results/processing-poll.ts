import { useEffect, useRef } from 'react';

/** Spec 2 §4, spec 3 §5: while a video is processed its state is asked for every 10 s… */
export const PROCESSING_POLL_MS = 10_000;
/** …and once processing has ended, the results are loaded 5 s later. */
export const RESULTS_DELAY_MS = 5_000;

export type ProcessingPoll = {
  /** Asks whether processing has ended. */
  isDone: () => Promise<boolean>;
  /** Loads the results, RESULTS_DELAY_MS after `isDone` first answered true. */
  load: () => void;
};

/**
 * The one polling of video processing: `isDone` every 10 s until it answers true, then `load`
 * 5 s later. A failed poll is logged and asked again on the next tick, so the screen keeps its
 * last state instead of dying. Returns the function that stops it.
 */
export function pollProcessing({ isDone, load }: ProcessingPoll): () => void {
  let isStopped = false;
  let delay: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      const done = await isDone();
      // a slow answer may land after another poll already saw the end
      if (!done || isStopped || delay !== undefined) return;
      clearInterval(interval);
      delay = setTimeout(load, RESULTS_DELAY_MS);
    } catch (error) {
      console.warn('Polling the video processing failed; polling again', error);
    }
  };
  const interval = setInterval(() => void poll(), PROCESSING_POLL_MS);
  return () => {
    isStopped = true;
    clearInterval(interval);
    clearTimeout(delay);
  };
}

/** The polls running, by key: the parts of a screen that ask about the same processing share one. */
const runningPolls = new Map<string, { users: number; stop: () => void }>();

/**
 * `pollProcessing` while `isActive`, one per `key` however many components ask (they all poll
 * the same thing, so the first one's callbacks serve them all). The latest callbacks are used,
 * so a component may pass new ones on every render without restarting the clock.
 */
export function useProcessingPoll(key: string, isActive: boolean, poll: ProcessingPoll) {
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    if (!isActive) return;
    const shared = runningPolls.get(key) ?? {
      users: 0,
      stop: pollProcessing({
        isDone: () => latest.current.isDone(),
        load: () => latest.current.load(),
      }),
    };
    runningPolls.set(key, shared);
    shared.users += 1;
    return () => {
      shared.users -= 1;
      if (shared.users > 0) return;
      shared.stop();
      runningPolls.delete(key);
    };
  }, [key, isActive]);
}
