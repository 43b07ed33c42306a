import { VOICE_CHUNK_MS, VOICE_CHUNKS_MAX, VOICE_TAKES_MAX, type VoiceMediaType } from '@limbus/contract';
import { isApiError } from '../../../api';
import { releaseStream } from './microphone';
import { orderedUploads } from './stream-uploader';

/** What the recorder is asked to write, best first: Opus in WebM (Chromium), in Ogg (Firefox), MP4 (Safari). */
export const VOICE_RECORDER_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'] as const;

/** The first type this browser's recorder writes, or null when it writes none of them. */
export function voiceRecorderType(isTypeSupported: (type: string) => boolean): string | null {
  return VOICE_RECORDER_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

/** The type the chunks are sent as: the recorder's without its codecs parameter. */
const mediaTypeOf = (recorderType: string) => recorderType.split(';')[0]?.trim() as VoiceMediaType;

export type VoiceUpload = (take: number, seq: number, chunk: Blob) => Promise<unknown>;

/** The server will not take any chunk of this session again: voice not consented, session ended or expired. */
const isRefusal = (error: unknown) => isApiError(error) && [401, 403, 409].includes(error.status);
/** The server will never take this chunk (malformed, too large, wrong type): asking again cannot help. */
const isBadChunk = (error: unknown) => isApiError(error) && [400, 413, 415].includes(error.status);

export type VoiceState = 'recording' | 'stopped' | 'refused';

/**
 * Records the microphone as one take (docs/remote-studies.md 'Spoken audio'): the recorder hands
 * over a chunk every VOICE_CHUNK_MS, each sent as it comes, numbered 0, 1, 2… in order, with the
 * stream batches' retry (1, 2, 4 s, then kept for the next send; a retry replaces the chunk on the
 * server). A refusal of the server (no consent, session over) stops the recording for good; a
 * chunk the server will never take is dropped. Null when the browser cannot record audio, or the
 * session has no take left. The recorder owns the stream: its end (or not starting) releases the
 * microphone.
 */
export function startVoiceRecorder({
  stream,
  take,
  upload,
  wait,
  Recorder = globalThis.MediaRecorder,
}: {
  stream: MediaStream;
  /** 1 for the page's first recorder; after a reload, the session's next_voice_take. */
  take: number;
  upload: VoiceUpload;
  wait?: (ms: number) => Promise<void>;
  Recorder?: typeof MediaRecorder;
}) {
  const release = () => releaseStream(stream);
  const recorderType = Recorder ? voiceRecorderType((type) => Recorder.isTypeSupported(type)) : null;
  if (!recorderType || take > VOICE_TAKES_MAX) {
    release();
    return null;
  }
  const mediaType = mediaTypeOf(recorderType);
  let recorder: MediaRecorder;
  try {
    recorder = new Recorder(stream, { mimeType: recorderType });
  } catch {
    release();
    return null;
  }
  const listeners = new Set<() => void>();
  let state: VoiceState = 'recording';
  let nextSeq = 0;

  const settle = (next: VoiceState) => {
    if (state !== 'recording') return;
    state = next;
    for (const listener of listeners) listener();
  };
  const uploads = orderedUploads<{ seq: number; chunk: Blob }>(
    async ({ seq, chunk }) => {
      try {
        await upload(take, seq, chunk);
      } catch (error) {
        if (isBadChunk(error)) return;
        if (isRefusal(error)) refuse();
        throw error;
      }
    },
    { wait, retries: (error) => !isRefusal(error) },
  );
  function refuse() {
    settle('refused');
    uploads.clear();
    if (recorder.state !== 'inactive') recorder.stop();
  }

  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size === 0 || state === 'refused') return;
    uploads.push({ seq: nextSeq++, chunk: new Blob([event.data], { type: mediaType }) });
    void uploads.send().catch(() => undefined);
    if (nextSeq >= VOICE_CHUNKS_MAX && recorder.state !== 'inactive') recorder.stop();
  });
  // stopped by stop(), a refusal, the take's last chunk, or the microphone going away
  const ended = new Promise<void>((resolve) => {
    recorder.addEventListener('stop', () => {
      release();
      settle('stopped');
      resolve();
    });
  });
  try {
    recorder.start(VOICE_CHUNK_MS);
  } catch {
    release();
    return null;
  }

  return {
    take,
    mediaType,
    state: () => state,
    /** Called when the recording stops (or is refused): an indicator says so. */
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /**
     * Stops the recorder and sends what is left, its last chunk included; rejects when a chunk
     * still fails after its retries (kept: call again to try again).
     */
    async stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      await ended;
      await uploads.send();
    },
  };
}
export type VoiceRecorder = NonNullable<ReturnType<typeof startVoiceRecorder>>;
