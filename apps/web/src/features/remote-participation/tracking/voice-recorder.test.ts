import { VOICE_CHUNK_MS } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../api';
import { FakeRecorder, fakeStream } from '../../../test/fake-media';
import { startVoiceRecorder, voiceRecorderType } from './voice-recorder';

/** What was sent: a chunk is told by its size (jsdom's Blob cannot be read back synchronously). */
type Sent = { take: number; seq: number; type: string; size: number };

function recorderWith(
  upload: (sent: Sent) => Promise<void> | void,
  take = 1,
  Recorder: unknown = FakeRecorder,
) {
  const sent: Sent[] = [];
  const { stream, track } = fakeStream();
  const voice = startVoiceRecorder({
    stream,
    take,
    upload: async (chunkTake, seq, chunk) => {
      const record = { take: chunkTake, seq, type: chunk.type, size: chunk.size };
      sent.push(record);
      await upload(record);
    },
    wait: () => Promise.resolve(),
    Recorder: Recorder as typeof MediaRecorder,
  });
  const recorder = FakeRecorder.last;
  if (!voice || !recorder) throw new Error('no recorder started');
  return { voice, recorder, sent, track };
}

/** A chunk of `size` bytes. */
const chunk = (size: number) => new Blob(['x'.repeat(size)], { type: 'audio/webm;codecs=opus' });
const settled = () => new Promise((resolve) => setTimeout(resolve));

describe('voiceRecorderType', () => {
  it('picks the first type the browser records: WebM, then Ogg, then MP4', () => {
    expect(voiceRecorderType(() => true)).toBe('audio/webm;codecs=opus');
    expect(voiceRecorderType((type) => type !== 'audio/webm;codecs=opus')).toBe('audio/ogg;codecs=opus');
    expect(voiceRecorderType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(voiceRecorderType(() => false)).toBeNull();
  });
});

describe('startVoiceRecorder', () => {
  it('records with the chunk timeslice and sends the chunks in order, numbered from 0, typed without codecs', async () => {
    const { voice, recorder, sent } = recorderWith(() => undefined, 3);
    expect(recorder.options.mimeType).toBe('audio/webm;codecs=opus');
    expect(recorder.timeslice).toBe(VOICE_CHUNK_MS);
    recorder.speak(chunk(1));
    recorder.speak(chunk(2));
    await settled();
    expect(sent).toEqual([
      { take: 3, seq: 0, type: 'audio/webm', size: 1 },
      { take: 3, seq: 1, type: 'audio/webm', size: 2 },
    ]);
    expect(voice.mediaType).toBe('audio/webm');
  });

  it('does not send empty chunks, and keeps the numbers without gaps', async () => {
    const { recorder, sent } = recorderWith(() => undefined);
    recorder.speak(chunk(1));
    recorder.speak(new Blob([]));
    recorder.speak(chunk(2));
    await settled();
    expect(sent.map(({ seq, size }) => [seq, size])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('waits for the chunk before it to be sent: one at a time, in order', async () => {
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { recorder, sent } = recorderWith(({ seq }) => (seq === 0 ? first : undefined));
    recorder.speak(chunk(1));
    recorder.speak(chunk(2));
    await settled();
    expect(sent.map(({ seq }) => seq)).toEqual([0]);
    release();
    await settled();
    expect(sent.map(({ seq }) => seq)).toEqual([0, 1]);
  });

  it('retries a failed chunk under its number, and keeps it for the next send when the connection stays down', async () => {
    let failures = 5;
    const { recorder, sent } = recorderWith(() => {
      if (failures-- > 0) throw new ApiError(NETWORK_ERROR_STATUS, { message: 'offline' });
    });
    recorder.speak(chunk(1));
    await settled();
    // the first try and its three retries
    expect(sent.map(({ seq }) => seq)).toEqual([0, 0, 0, 0]);
    recorder.speak(chunk(2));
    await settled();
    expect(sent.map(({ seq }) => seq)).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });

  it('stop() hands over the last chunk and resolves once it was sent; the microphone is released', async () => {
    const { voice, recorder, sent, track } = recorderWith(() => undefined);
    recorder.speak(chunk(1));
    await voice.stop();
    expect(sent.map(({ seq, size }) => [seq, size])).toEqual([
      [0, 1],
      [1, 99],
    ]);
    expect(voice.state()).toBe('stopped');
    expect(track.stopped).toBe(true);
  });

  it('stop() rejects while a chunk keeps failing, and sends it when called again', async () => {
    let online = false;
    const { voice, sent } = recorderWith(() => {
      if (!online) throw new ApiError(503, { message: 'Service unavailable' });
    });
    await expect(voice.stop()).rejects.toThrow('Service unavailable');
    online = true;
    await voice.stop();
    expect(sent.filter(({ seq }) => seq === 0)).toHaveLength(5);
    expect(sent.at(-1)).toMatchObject({ seq: 0, size: 99 });
  });

  it('stops for good when the server refuses the voice (403): no retry, nothing more sent', async () => {
    const { voice, recorder, sent, track } = recorderWith(() => {
      throw new ApiError(403, { code: 'forbidden', message: 'You did not agree' });
    });
    const changes: string[] = [];
    voice.subscribe(() => changes.push(voice.state()));
    recorder.speak(chunk(1));
    recorder.speak(chunk(2));
    await settled();
    await settled();
    expect(sent.map(({ seq }) => seq)).toEqual([0]);
    expect(voice.state()).toBe('refused');
    expect(changes).toEqual(['refused']);
    expect(recorder.state).toBe('inactive');
    expect(track.stopped).toBe(true);
    await voice.stop();
    expect(sent).toHaveLength(1);
  });

  it('drops a chunk the server will never take (413) and goes on with the next', async () => {
    const { recorder, sent } = recorderWith(({ seq }) => {
      if (seq === 0) throw new ApiError(413, { message: 'A chunk may hold at most 1 MB' });
    });
    recorder.speak(chunk(1));
    recorder.speak(chunk(2));
    await settled();
    expect(sent.map(({ seq }) => seq)).toEqual([0, 1]);
  });

  it('starts no recorder where the browser records none of the types, or the session has no take left', () => {
    const { stream, track } = fakeStream();
    const upload = () => Promise.resolve();
    const Silent = class extends FakeRecorder {
      static override isTypeSupported = () => false;
    };
    expect(
      startVoiceRecorder({ stream, take: 1, upload, Recorder: Silent as unknown as typeof MediaRecorder }),
    ).toBeNull();
    expect(track.stopped).toBe(true);
    expect(
      startVoiceRecorder({
        stream: fakeStream().stream,
        take: 21,
        upload,
        Recorder: FakeRecorder as unknown as typeof MediaRecorder,
      }),
    ).toBeNull();
  });
});
