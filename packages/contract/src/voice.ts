import { z } from 'zod';
import { idParam, signedUrlQuery } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * Spoken audio of a remote participant (docs/remote-studies.md 'Spoken audio'): with consent to
 * the `voice` stream, the participant's browser records the microphone while the study shows
 * (MediaRecorder), and sends it in numbered chunks. Each recorder the page starts is a take (a
 * reload starts a new one); when the session ends, each take's chunks are joined into one file.
 */

/** What a browser's MediaRecorder writes: WebM or Ogg with Opus (Chromium, Firefox), MP4 (Safari). */
export const VOICE_MEDIA_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
export type VoiceMediaType = (typeof VOICE_MEDIA_TYPES)[number];
/** How often the browser hands a chunk over: each is sent as it comes. */
export const VOICE_CHUNK_MS = 5_000;
/** A chunk's largest body: 5 s of speech is 20–40 kB at the recorder's usual bit rates. */
export const VOICE_CHUNK_MAX_BYTES = 1024 * 1024;
/** Chunks a take may have: two hours of 5-second chunks. */
export const VOICE_CHUNKS_MAX = 1_440;
/** Takes a session may start (a reload starts one). */
export const VOICE_TAKES_MAX = 20;
/** All takes of a participant together. */
export const VOICE_PARTICIPANT_MAX_BYTES = 200 * 1024 * 1024;

export const VOICE_MESSAGES = {
  notConsented: 'You did not agree to your voice being recorded, so it is not stored.',
  mediaType: `Send the audio as ${VOICE_MEDIA_TYPES.join(', ')}`,
  notAudio: (mediaType: string) =>
    `The first chunk of a take must start with the ${mediaType} file header: send the recorder’s first chunk as number 0`,
  otherType: (mediaType: string) => `This take is ${mediaType}: send its chunks as ${mediaType}`,
  empty: 'The chunk is empty: send the recorder’s bytes',
  joined: (take: number) =>
    `Take ${take} was joined into its file when the session ended: it takes no more chunks`,
  tooLarge: `A chunk may hold at most ${VOICE_CHUNK_MAX_BYTES / 1024 / 1024} MB`,
  participantFull: `A participant’s spoken audio may hold at most ${VOICE_PARTICIPANT_MAX_BYTES / 1024 / 1024} MB`,
} as const;

const wholeNumber = (max: number, from: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `Must be a whole number from ${from}`)
    .transform(Number)
    .refine((value) => value >= from && value <= max, `Must be a whole number from ${from} to ${max}`);

export const voiceChunkParams = z.strictObject({
  take: wholeNumber(VOICE_TAKES_MAX, 1),
  seq: wholeNumber(VOICE_CHUNKS_MAX - 1, 0),
});

export const voiceChunkAnswer = z.object({
  data: z.object({ take: z.number(), seq: z.number(), bytes: z.number() }),
});

/** One take of a participant's spoken audio, as its readers see it. */
export const voiceTakeSchema = z.object({
  take: z.number(),
  media_type: z.enum(VOICE_MEDIA_TYPES),
  /** Unix seconds: when its first chunk arrived. */
  started_at: z.number(),
  /** Milliseconds in the joined file; null while it is being joined or when no length could be read. */
  duration_ms: z.number().nullable(),
  bytes: z.number(),
  /** The signed address of the joined file; null until the session ended and the take was joined. */
  url: z.string().nullable(),
});
export type VoiceTake = z.infer<typeof voiceTakeSchema>;

export const participantVoiceSchema = z.object({
  /**
   * Whether the consent in force lets this study's report use the participant's voice. Without
   * it no take is listed, whatever is stored.
   */
  consented: z.boolean(),
  takes: z.array(voiceTakeSchema),
  /** When the spoken audio was removed (retention), or null while it is kept. */
  removed_at: z.number().nullable(),
});
export type ParticipantVoice = z.infer<typeof participantVoiceSchema>;
export const participantVoiceAnswer = z.object({ data: participantVoiceSchema });

export const voiceFileParams = z.strictObject({
  id: idParam,
  pid: idParam,
  take: wholeNumber(VOICE_TAKES_MAX, 1),
});

export const voiceRoutes = defineRoutes('voice', {
  chunk: {
    method: 'PUT',
    path: '/remote/session/voice/:take/chunks/:seq',
    access: 'remote_session',
    summary:
      "Store chunk seq of take `take` of the session's participant's spoken audio (the recorder's bytes as audio/webm, audio/ogg or audio/mp4); a retry replaces the chunk",
    description:
      'Needs consent to the voice stream. The first chunk of a take carries the container header, which is checked.',
    params: voiceChunkParams,
    responses: { 200: voiceChunkAnswer },
    errors: [400, 401, 403, 409, 413, 415],
  },
  list: {
    method: 'GET',
    path: '/tests/:id/participants/:pid/voice',
    access: 'user',
    summary:
      "A participant's spoken audio: its takes with signed addresses, when the consent in force allows it",
    params: z.strictObject({ id: idParam, pid: idParam }),
    responses: { 200: participantVoiceAnswer },
    errors: [403],
  },
  file: {
    method: 'GET',
    path: '/tests/:id/participants/:pid/voice/:take',
    access: 'signed',
    summary: 'One take of spoken audio, by the signed URL in its `url` (Range requests seek)',
    params: voiceFileParams,
    query: signedUrlQuery,
    responses: { 200: { file: 'audio/*' }, 206: { file: 'audio/*' } },
    errors: [416],
  },
});
