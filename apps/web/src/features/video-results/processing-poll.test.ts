import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROCESSING_POLL_MS, pollProcessing, RESULTS_DELAY_MS, useProcessingPoll } from './processing-poll';

/** An `isDone` that answers from a script, one entry per poll: true, false or an error. */
function scripted(answers: Array<boolean | Error>) {
  let index = 0;
  return vi.fn(async () => {
    const answer = answers[Math.min(index++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer ?? false;
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('pollProcessing', () => {
  it('polls every 10 s and loads 5 s after processing ended, then stops', async () => {
    const isDone = scripted([false, false, true]);
    const load = vi.fn();
    pollProcessing({ isDone, load });

    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS - 1);
    expect(isDone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(isDone).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 2);
    expect(isDone).toHaveBeenCalledTimes(3);

    await vi.advanceTimersByTimeAsync(RESULTS_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 5);
    expect(isDone).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('logs a failing poll and keeps polling until processing ends', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('Network down');
    const isDone = scripted([failure, failure, true]);
    const load = vi.fn();
    pollProcessing({ isDone, load });

    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 2);
    expect(isDone).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('polling again'), failure);
    expect(load).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS + RESULTS_DELAY_MS);
    expect(isDone).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks nothing more and loads nothing once stopped', async () => {
    const isDone = scripted([true]);
    const load = vi.fn();
    const stop = pollProcessing({ isDone, load });

    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    stop();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    expect(isDone).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads once when a slow answer lands after the next poll already saw the end', async () => {
    let finishSlow: (done: boolean) => void = () => {};
    const isDone = vi
      .fn<() => Promise<boolean>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finishSlow = resolve)))
      .mockResolvedValue(true);
    const load = vi.fn();
    pollProcessing({ isDone, load });

    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 2);
    finishSlow(true);
    await vi.advanceTimersByTimeAsync(RESULTS_DELAY_MS * 2);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('useProcessingPoll', () => {
  it('runs one poll per key however many components ask, until the last one stops asking', async () => {
    const isDone = scripted([false]);
    const poll = { isDone, load: vi.fn() };
    const first = renderHook(({ active }) => useProcessingPoll('video-results-7', active, poll), {
      initialProps: { active: true },
    });
    const second = renderHook(() => useProcessingPoll('video-results-7', true, poll));
    const other = renderHook(() => useProcessingPoll('video-results-8', true, poll));

    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(isDone).toHaveBeenCalledTimes(2);

    first.rerender({ active: false });
    other.unmount();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(isDone).toHaveBeenCalledTimes(3);

    second.unmount();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 2);
    expect(isDone).toHaveBeenCalledTimes(3);
  });
});
