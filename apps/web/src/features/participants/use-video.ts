import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * The playhead of a video element in seconds, following playback and seeking. `seek` moves the
 * video, or without a recording the playhead alone (the chart and neurofeedback still follow it).
 */
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
  const seek = useCallback(
    (to: number) => {
      const at = Math.max(0, to);
      if (video.current) video.current.currentTime = at;
      else setSeconds(at);
    },
    [video],
  );
  return { seconds, durationMs, seek };
}

/** Typing in a field: its keys are not the video's. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
/** Handled already, or a key combination that belongs to the browser. */
const isModified = (event: KeyboardEvent) =>
  event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey;
/** A focused control that the spacebar presses itself. */
const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement && ['BUTTON', 'A', 'VIDEO'].includes(target.tagName);

/** Single-key shortcuts of a screen (no modifier, not while typing in a field). */
export function useShortcutKeys(keys: Record<string, () => void>) {
  const current = useRef(keys);
  current.current = keys;
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (isModified(event) || isTyping(event.target)) return;
      const action = current.current[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, []);
}

/** The spacebar toggles play (spec 2 §9), unless a focused button or link takes it itself. */
export function useVideoKeys(video: RefObject<HTMLVideoElement | null>) {
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || isModified(event) || isTyping(event.target) || isControl(event.target)) return;
      const element = video.current;
      if (!element) return;
      event.preventDefault();
      if (element.paused) void element.play().catch(() => undefined);
      else element.pause();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [video]);
}
