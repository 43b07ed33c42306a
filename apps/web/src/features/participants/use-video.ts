import { type RefObject, useEffect, useState } from 'react';

/** The playhead of a video element in seconds, following playback and seeking. */
export function useVideoTime(video: RefObject<HTMLVideoElement | null>, source: string | null | undefined) {
  const [seconds, setSeconds] = useState(0);
  const [durationMs, setDurationMs] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the element appears (and changes) with its source
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let frame = 0;
    const read = () => setSeconds(element.currentTime);
    // timeupdate fires a few times a second; while playing, follow every frame for a smooth cursor
    const follow = () => {
      read();
      if (!element.paused) frame = requestAnimationFrame(follow);
    };
    const readDuration = () =>
      setDurationMs(Number.isFinite(element.duration) ? element.duration * 1000 : null);
    element.addEventListener('timeupdate', read);
    element.addEventListener('seeked', read);
    element.addEventListener('play', follow);
    element.addEventListener('loadedmetadata', readDuration);
    readDuration();
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('timeupdate', read);
      element.removeEventListener('seeked', read);
      element.removeEventListener('play', follow);
      element.removeEventListener('loadedmetadata', readDuration);
    };
  }, [video, source]);
  return { seconds, durationMs };
}

/** Typing in a field: its keys are not the video's. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
/** A focused control that the spacebar presses itself. */
const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement && ['BUTTON', 'A', 'VIDEO'].includes(target.tagName);

/** Keys of a screen with a video: the spacebar toggles play (spec 2 §9), `extra` adds more. */
export function useVideoKeys(
  video: RefObject<HTMLVideoElement | null>,
  extra: Record<string, () => void> = {},
) {
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target))
        return;
      const element = video.current;
      if (event.key === ' ' && element && !isControl(event.target)) {
        event.preventDefault();
        if (element.paused) void element.play().catch(() => undefined);
        else element.pause();
        return;
      }
      const action = extra[event.key];
      if (action) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [video, extra]);
}
