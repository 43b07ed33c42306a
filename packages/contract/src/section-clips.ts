import { z } from 'zod';
import { cohortField, idParam, idParams } from './fields.js';
import { recordingProgressSchema } from './participants.js';
import { removedDataSchema } from './retention.js';
import { defineRoutes } from './route.js';

/**
 * The section video of a web test (Professional, docs/decisions/results-screens.md 'Section video in one
 * answer'): for one page, each participant's first visit as a clip of their screen recording,
 * with the emotions of that visit, in one answer.
 */

/** Points of a clip's emotion chart at most; a longer visit is thinned by min/max per bucket. */
export const SECTION_CLIP_MAX_POINTS = 300;

/** A clip's emotions as columns of equal length: seconds into the clip, and each score (0–1). */
export const clipEmotionsSchema = z.object({
  seconds: z.array(z.number()),
  frustration: z.array(z.number()),
  joy: z.array(z.number()),
  attention: z.array(z.number()),
});
export type ClipEmotions = z.infer<typeof clipEmotionsSchema>;

export const sectionClipSchema = z.object({
  participant_id: z.number(),
  real_id: z.string(),
  /** Where the first visit begins in the participant's recording, seconds from started_at. */
  start: z.number(),
  /** How long the visit lasted, seconds. */
  length: z.number(),
  /** The signed URL of the participant's screen recording, or null without one. */
  video: z.string().nullable(),
  /** The recording is being made (the demo's recordings are made on their first view); ask again. */
  video_pending: z.boolean(),
  /** While `video_pending`: how far the recording is. */
  video_progress: recordingProgressSchema.nullable(),
  /** The recording was removed (retention, a withdrawal): when and why; null while it is kept. */
  video_removed: removedDataSchema.nullable(),
  /** Null when the participant has no emotions recorded. */
  emotions: clipEmotionsSchema.nullable(),
});
export type SectionClip = z.infer<typeof sectionClipSchema>;

export const sectionClipsSchema = z.object({
  label_id: z.number(),
  /** The participants considered (the test's participants the reader sees), visitors or not. */
  participants: z.number(),
  /** One per participant who visited the page, in the participants list's order. */
  clips: z.array(sectionClipSchema),
});
export type SectionClips = z.infer<typeof sectionClipsSchema>;
export const sectionClipsAnswer = z.object({ data: sectionClipsSchema });

/** The page: one of the test's page titles (labels). */
export const sectionClipsQuery = z.strictObject({
  label_id: z.string({ error: 'Choose a page: label_id is required' }).pipe(idParam),
  cohort: cohortField,
});

export const sectionClipsRoutes = defineRoutes('sectionClips', {
  get: {
    method: 'GET',
    path: '/tests/:id/section-clips',
    access: 'user',
    summary:
      "Each participant's first visit of a page (?label_id=) as a clip of their recording, with its video and emotions (Professional)",
    params: idParams,
    query: sectionClipsQuery,
    responses: { 200: sectionClipsAnswer },
    errors: [403],
  },
});
