import { vi } from 'vitest';

/**
 * A MediaRecorder that hands over what the test says: `speak` is one timeslice's chunk; `stop`
 * hands over the last chunk (99 bytes) and then ends, asynchronously, as browsers do.
 */
export class FakeRecorder extends EventTarget {
  static supported = new Set(['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4']);
  static last: FakeRecorder | null = null;
  static isTypeSupported = (type: string) => FakeRecorder.supported.has(type);
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  lastChunk = new Blob(['x'.repeat(99)], { type: 'audio/webm;codecs=opus' });
  constructor(
    readonly stream: MediaStream,
    readonly options: { mimeType: string },
  ) {
    super();
    FakeRecorder.last = this;
  }
  start(timeslice: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  speak(chunk: Blob) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: chunk }));
  }
  stop() {
    this.state = 'inactive';
    setTimeout(() => {
      this.speak(this.lastChunk);
      this.dispatchEvent(new Event('stop'));
    });
  }
}

/** A microphone's stream of one track, which says whether it was stopped. */
export function fakeStream() {
  const track = {
    stopped: false,
    stop() {
      track.stopped = true;
    },
  };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

/**
 * The browser's microphone for one test: getUserMedia answers `answer()` (a stream, or the
 * DOMException it throws), and MediaRecorder is the fake. Undo with vi.unstubAllGlobals and
 * `restore`.
 */
export function fakeMicrophone(answer: () => MediaStream | DOMException = () => fakeStream().stream) {
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (!constraints.audio) throw new DOMException('only the microphone is faked', 'NotFoundError');
    const result = answer();
    if (result instanceof DOMException) throw result;
    return result;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  return {
    getUserMedia,
    restore: () => Reflect.deleteProperty(navigator, 'mediaDevices'),
  };
}
