import { z } from 'zod';
import { idField, idParam, signedUrlQuery, videoFileAnswer } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * Evidence reels (issue 29; docs/decisions/share-links.md): per insight, an MP4 of clips of its
 * significant points in their participants' screen recordings, made by a job, published to the
 * insight's clients.
 */

export const REEL_STATES = ['draft', 'rendering', 'ready', 'failed'] as const;
export type ReelState = (typeof REEL_STATES)[number];

/** The caption of a clip: the researcher's comment as written, or its translation. */
export const REEL_CAPTION_LANGUAGES = ['original', 'translation'] as const;
export type ReelCaptionLanguage = (typeof REEL_CAPTION_LANGUAGES)[number];

/** A clip runs from 3 s before its point's peak to 4 s after, unless trimmed. */
export const REEL_CLIP_DEFAULT = { startOffsetMs: -3000, endOffsetMs: 4000 } as const;

/** A clip as a reel stores it, in the reel's order: its point and its span around the peak. */
export type ReelClipRecord = { point_id: number; start_offset_ms: number; end_offset_ms: number };

/** Bounds of a clip's trim: a clip lasts 1 to 30 s and starts at most 30 s before its peak. */
export const REEL_CLIP_LIMITS = { minMs: 1000, maxMs: 30_000, maxLeadMs: 30_000 } as const;
export const REEL_MAX_CLIPS = 50;

export const REEL_MESSAGES = {
  noPoints:
    'This insight has no significant point a reel can show: link annotated points of recorded participants who consented to showing their screen',
  recordingsBeingMade: (count: number) =>
    `${count === 1 ? "A participant's screen recording is" : `${count} participants' screen recordings are`} still being made for this insight: make the reel again in a minute or two`,
  notReady: 'Only a reel that has been made can be published: render it first',
  unknownPoint: (pointId: number) =>
    `Point ${pointId} is not one of the points this reel can show: refresh the reel`,
  repeatedPoint: (pointId: number) => `Point ${pointId} appears twice`,
  outsideRecording: (pointId: number) =>
    `The clip of point ${pointId} must lie inside its participant's recording`,
  noClips: 'No clip of this reel can be shown any more (its points or their consent went): refresh it',
  failed: 'The reel could not be made; please try again',
  participantErased:
    'A participant shown in this reel was erased: their clips were dropped and the file deleted. Render it again',
  recordingRemoved:
    "A participant's screen recording shown in this reel was removed by the retention policy, and the file with it. Render it again",
  consentWithdrawn:
    'A participant shown in this reel withdrew consent for what it shows (their screen, gaze, pointer, voice or emotions), and the file was deleted. Render it again',
  streamsRemoved:
    "A participant's gaze, pointer or emotions shown in this reel were removed by the retention policy, and the file with them. Render it again",
} as const;

const offsetMs = z
  .number({ error: 'Must be a number of milliseconds' })
  .int()
  .min(-REEL_CLIP_LIMITS.maxLeadMs)
  .max(REEL_CLIP_LIMITS.maxMs);

export const reelClipSchema = z.object({
  point_id: idField,
  start_offset_ms: offsetMs,
  end_offset_ms: offsetMs,
});

const reelClipInput = z
  .strictObject(reelClipSchema.shape)
  .refine((clip) => clip.end_offset_ms - clip.start_offset_ms >= REEL_CLIP_LIMITS.minMs, {
    message: `A clip must end at least ${REEL_CLIP_LIMITS.minMs / 1000} s after it starts`,
  })
  .refine((clip) => clip.end_offset_ms - clip.start_offset_ms <= REEL_CLIP_LIMITS.maxMs, {
    message: `A clip lasts at most ${REEL_CLIP_LIMITS.maxMs / 1000} s`,
  });

export const reelSchema = z.object({
  id: z.number(),
  insight_id: z.number(),
  state: z.enum(REEL_STATES),
  published: z.boolean(),
  caption_language: z.enum(REEL_CAPTION_LANGUAGES),
  /** In the reel's order; each names its participant as P01… */
  clips: z.array(reelClipSchema.extend({ participant: z.string() })),
  /** Participants of the insight's points left out: no consent to show their screen recording. */
  left_out: z.number(),
  /** 0–100 while rendering. */
  progress: z.number(),
  /** Why the last render failed. */
  message: z.string().nullable(),
  /** The MP4 (signed URL, Range requests seek) once a render has finished. */
  video: z.string().nullable(),
  /** Unix seconds. */
  updated_at: z.number(),
});
export type Reel = z.infer<typeof reelSchema>;
export const reelAnswer = z.object({ data: reelSchema });
/**
 * The reel a reader may see, or null while there is none for them (none made, or for clients none
 * published and playable): not having a reel is a state of the insight, answered 200 as a heatmap
 * page without a prediction is (a 404 would be logged by browsers as a failed request).
 */
export const reelOrNoneAnswer = z.object({ data: reelSchema.nullable() });

export const updateReelBody = z.strictObject({
  reel: z.strictObject({
    /** The clips in their new order; a clip left out is dropped. */
    clips: z
      .array(reelClipInput)
      .min(1, 'A reel needs at least one clip')
      .max(REEL_MAX_CLIPS, `A reel has at most ${REEL_MAX_CLIPS} clips`)
      .optional(),
    caption_language: z.enum(REEL_CAPTION_LANGUAGES, { error: 'Choose original or translation' }).optional(),
  }),
});
export type ReelChanges = z.infer<typeof updateReelBody>['reel'];
export const publishReelBody = z.strictObject({ published: z.boolean({ error: 'Say true or false' }) });

const reelParams = z.strictObject({ id: idParam, iid: idParam });
/** `v`: the reel's change time, so that a browser never plays a cached earlier render. */
export const reelVideoQuery = signedUrlQuery.extend({
  v: z
    .string()
    .regex(/^\d{1,15}$/, 'v must be a number')
    .optional(),
});

/**
 * An insight's reel: made, changed, rendered and published by the research area (as insights are
 * written); read, once published, by whoever reads the insight.
 */
export const evidenceReelRoutes = defineRoutes('evidenceReels', {
  get: {
    method: 'GET',
    path: '/tests/:id/insights/:iid/reel',
    access: 'user',
    summary:
      "The insight's evidence reel (clients: once published), or `data: null` while there is none to show",
    params: reelParams,
    responses: { 200: reelOrNoneAnswer },
    errors: [403, 404],
  },
  create: {
    method: 'POST',
    path: '/tests/:id/insights/:iid/reel',
    access: 'researcher',
    summary:
      "Make the insight's reel from its significant points, or start it again from them (research area)",
    params: reelParams,
    responses: { 200: reelAnswer },
    errors: [404, 409],
  },
  update: {
    method: 'PATCH',
    path: '/tests/:id/insights/:iid/reel',
    access: 'researcher',
    summary: "Reorder, drop or trim the reel's clips, or choose its caption language (research area)",
    params: reelParams,
    body: updateReelBody,
    responses: { 200: reelAnswer },
    errors: [404],
  },
  render: {
    method: 'POST',
    path: '/tests/:id/insights/:iid/reel/render',
    access: 'researcher',
    summary: "Make the reel's MP4 by a job; its state and progress tell how far it is (research area)",
    params: reelParams,
    responses: { 202: reelAnswer },
    errors: [404],
  },
  publish: {
    method: 'POST',
    path: '/tests/:id/insights/:iid/reel/publish',
    access: 'researcher',
    summary: "Show the made reel to the insight's clients, or stop showing it (research area)",
    params: reelParams,
    body: publishReelBody,
    responses: { 200: reelAnswer },
    errors: [404, 409],
  },
  video: {
    method: 'GET',
    path: '/tests/:id/insights/:iid/reel/video',
    access: 'signed',
    summary: "The reel's MP4, by the signed URL in the reel's `video` field (Range requests seek)",
    params: reelParams,
    query: reelVideoQuery,
    responses: { 200: videoFileAnswer, 206: videoFileAnswer },
    errors: [416],
  },
});
