import { z } from 'zod';
import { participantQuestionSchema } from './answers.js';
import {
  EMOTIONS,
  MOMENT_KINDS,
  PARTICIPANT_ASSOCIATIONS,
  PARTICIPANT_SOURCES,
  PARTICIPANT_STATES,
  PARTICIPANT_TYPES,
  STREAM_KINDS,
  STREAM_MEDIA_TYPE,
} from './constants.js';
import { cohortQuery, idParam, idParams, signedUrlQuery, videoFileAnswer } from './fields.js';
import { removedDataSchema } from './retention.js';
import { defineRoutes } from './route.js';

/** Who took part: as the recorder reported it; any field may be unknown. */
export const demographicSchema = z.object({
  age: z.number().nullable(),
  gender: z.string().nullable(),
  education: z.string().nullable(),
});
export type Demographic = z.infer<typeof demographicSchema>;

const participantFields = {
  id: z.number(),
  real_id: z.string(),
  type: z.enum(PARTICIPANT_TYPES),
  /** lab: recorded in the lab; webcam: in the participant's own browser (a remote cohort). */
  source: z.enum(PARTICIPANT_SOURCES),
  demographic: demographicSchema,
  /** Unix seconds; null while unknown. */
  started_at: z.number().nullable(),
  ended_at: z.number().nullable(),
  /** ended_at − started_at in milliseconds (the screens show mm:ss); null while either is unknown. */
  time_to_complete_ms: z.number().nullable(),
  total_clicks: z.number(),
  favourite: z.boolean(),
  /**
   * Data removed while the participant stays (the recording, a stream), with when and why: the
   * screens say so instead of showing a missing recording.
   */
  removed: z.array(removedDataSchema),
};

/** A row of the participants list (type default only). */
export const participantSummarySchema = z.object({
  ...participantFields,
  /** Where the participant's screen recording is served, or null without one. */
  video: z.string().nullable(),
});
export type ParticipantSummary = z.infer<typeof participantSummarySchema>;
export const participantListAnswer = z.array(participantSummarySchema);

/** Timestamps of samples, points, sections and moments are epoch milliseconds. */
export const emotionSampleSchema = z.object({
  timestamp: z.number(),
  joy: z.number(),
  attention: z.number(),
  frustration: z.number(),
});
/** Gaze in the eye tracker's 1920×1080 frame; lost samples are left out. */
export const eyeSampleSchema = z.object({ timestamp: z.number(), x: z.number(), y: z.number() });
/** Mouse or touch in page viewport pixels, with the page's scroll offset and height. */
export const mouseSampleSchema = z.object({
  timestamp: z.number(),
  x: z.number(),
  y: z.number(),
  scroll_y: z.number(),
  page_height: z.number(),
  click: z.boolean(),
  url: z.string(),
});

export const tagRefSchema = z.object({ id: z.number(), name: z.string() });

export const significantPointSchema = z.object({
  id: z.number(),
  emotion: z.enum(EMOTIONS),
  timestamp_top: z.number(),
  comment: z.string(),
  translation: z.string(),
  false_positive: z.boolean(),
  tags: z.array(tagRefSchema),
  ranking: z.number(),
  score: z.number(),
  participant_id: z.number(),
  /** How screens name the point's participant: participantLabel (its real_id), never participant_id. */
  participant_label: z.string(),
});
export type SignificantPoint = z.infer<typeof significantPointSchema>;

/**
 * Whether a client reads a significant point (issue 26): a researcher annotated it (a comment or a
 * tag) and did not mark it a false positive. An unannotated peak is the research area's work in
 * progress, not a finding.
 */
export function isAnnotatedPoint(point: Pick<SignificantPoint, 'comment' | 'tags' | 'false_positive'>) {
  return !point.false_positive && (point.comment.trim() !== '' || point.tags.length > 0);
}

export const sectionSchema = z.object({
  id: z.number(),
  timestamp_start: z.number(),
  timestamp_end: z.number(),
  label_id: z.number().nullable(),
  label: z.object({ id: z.number(), name: z.string() }).nullable(),
  participant_id: z.number(),
});
export type Section = z.infer<typeof sectionSchema>;

export const momentSchema = z.object({
  id: z.number(),
  emotion: z.enum(MOMENT_KINDS),
  start: z.number(),
  end: z.number(),
});

/** A value of spread or fluency at a time of the video (spec 3 §3); null where it is undefined. */
export const videoSeriesPointSchema = z.object({ timestamp: z.number(), value: z.number().nullable() });

/**
 * How far a recording the server makes is: queued with `ahead` recordings before it, or being made
 * and `percent` done.
 */
export const recordingProgressSchema = z.object({
  state: z.enum(['queued', 'making']),
  percent: z.number().int().min(0).max(100).nullable(),
  ahead: z.number().int().min(0),
});
export type RecordingProgress = z.infer<typeof recordingProgressSchema>;

/**
 * One participant with what `?associations=` and `?fields=` asked for; an association that was
 * not asked for is absent. The video participant always carries everything, moments included.
 */
export const participantDetailSchema = z.object({
  ...participantFields,
  test_id: z.number(),
  state: z.enum(PARTICIPANT_STATES),
  video: z.string().nullable().optional(),
  /**
   * With `fields=video` and no recording yet: true while the server makes one (the demo's
   * recordings are made on their first view); ask again in a few seconds.
   */
  video_pending: z.boolean().optional(),
  /** With `video_pending`: how far the recording is. */
  video_progress: recordingProgressSchema.optional(),
  emotions: z.array(emotionSampleSchema).optional(),
  eyes: z.array(eyeSampleSchema).optional(),
  mice: z.array(mouseSampleSchema).optional(),
  sections: z.array(sectionSchema).optional(),
  significant_points: z.array(significantPointSchema).optional(),
  moments: z.array(momentSchema).optional(),
  /** The test's questions with this participant's answers: open, scale (evaluations), associations. */
  open_questions: z.array(participantQuestionSchema).optional(),
  evaluations: z.array(participantQuestionSchema).optional(),
  associations: z.array(participantQuestionSchema).optional(),
  /**
   * The kinds of sample stream stored for this participant (a screen asks only for those: a kind
   * not named answers 404).
   */
  streams: z.array(z.enum(STREAM_KINDS)).optional(),
  /** The video participant only: how far apart everyone looks (px), and how calmly (1 = typical). */
  spread: z.array(videoSeriesPointSchema).optional(),
  fluency: z.array(videoSeriesPointSchema).optional(),
});
export type ParticipantDetail = z.infer<typeof participantDetailSchema>;

/** A comma-separated list of names from `allowed`, each at most once; unknown names are refused. */
function nameList<const T extends readonly string[]>(allowed: T, what: string) {
  return z
    .string()
    .max(200, 'At most 200 characters are allowed')
    .transform((text, ctx) => {
      const names = text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const unknown = names.filter((name) => !allowed.includes(name));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown ${what} ${unknown.join(', ')}; choose from ${allowed.join(', ')}`,
        });
        return z.NEVER;
      }
      return [...new Set(names)] as T[number][];
    });
}

export const participantParams = z.strictObject({ id: idParam, pid: idParam });
export const participantQuery = z.strictObject({
  associations: nameList(PARTICIPANT_ASSOCIATIONS, 'association').optional(),
  fields: nameList(['video'] as const, 'field').optional(),
});
export const streamParams = z.strictObject({
  id: idParam,
  pid: idParam,
  kind: z.enum(STREAM_KINDS, { error: `Choose one of ${STREAM_KINDS.join(', ')}` }),
});
/**
 * The signed URL of a participant's recording carries `v`, the time the participant last changed
 * (ms): a new upload gets a new URL, so that no browser shows the cached old video. Not signed.
 */
export const participantVideoQuery = signedUrlQuery.extend({
  v: z
    .string()
    .regex(/^\d{1,15}$/, 'v must be a version number')
    .optional(),
});

export const participantRoutes = defineRoutes('participants', {
  list: {
    method: 'GET',
    path: '/tests/:id/participants',
    access: 'user',
    summary: 'Participants of a test (type default); `cohort` lab or remote keeps that source only',
    params: idParams,
    query: cohortQuery,
    responses: { 200: participantListAnswer },
    errors: [403],
  },
  get: {
    method: 'GET',
    path: '/tests/:id/participants/:pid',
    access: 'user',
    summary:
      'A participant with the associations asked for (?associations=emotions,mice,eyes,sections,significant_points&fields=video)',
    params: participantParams,
    query: participantQuery,
    responses: { 200: participantDetailSchema },
    errors: [403],
  },
  stream: {
    method: 'GET',
    path: '/tests/:id/participants/:pid/streams/:kind',
    access: 'user',
    summary: `One sample stream in the compact columnar form (${STREAM_MEDIA_TYPE}, docs/recorded-data.md)`,
    description:
      'The stored brotli bytes are sent as they are with Content-Encoding br when the request accepts br; ' +
      'otherwise gzip or the plain codec bytes. Carries an ETag; If-None-Match answers 304.',
    params: streamParams,
    responses: { 200: { file: STREAM_MEDIA_TYPE } },
    errors: [403],
  },
  delete: {
    method: 'DELETE',
    path: '/tests/:id/participants/:pid',
    access: 'researcher',
    summary: 'Remove a participant with its recording',
    params: participantParams,
    responses: { 204: null },
  },
  video: {
    method: 'GET',
    path: '/tests/:id/participants/:pid/video',
    access: 'signed',
    summary:
      "The participant's screen recording, by the signed URL in the participant's `video` field (Range requests seek)",
    params: participantParams,
    query: participantVideoQuery,
    responses: { 200: videoFileAnswer, 206: videoFileAnswer },
    errors: [416],
  },
  upload: {
    method: 'PATCH',
    path: '/tests/:id/participants/:pid',
    access: 'researcher',
    summary:
      "Upload the participant's screen recording (multipart field `video`; MKV, MP4 or MOV, checked by content); answers the participant",
    params: participantParams,
    multipart: 'only',
    responses: { 200: participantSummarySchema },
    errors: [413, 415],
  },
  favourite: {
    method: 'GET',
    path: '/tests/:id/participants/:pid/favourite',
    access: 'user',
    summary: 'Toggles the favourite mark of a participant; answers the participant',
    description: 'A GET that changes state, as the spec’s client calls it; it has no HEAD twin.',
    params: participantParams,
    responses: { 200: participantSummarySchema },
    errors: [403],
  },
});
