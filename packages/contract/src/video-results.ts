import { z } from 'zod';
import { COHORTS } from './constants.js';
import {
  cohortQuery,
  idField,
  idParam,
  idParams,
  okSchema,
  optionalText,
  videoFileAnswer,
} from './fields.js';
import { participantSummarySchema, participantVideoQuery } from './participants.js';
import { defineRoutes } from './route.js';

/** The results of a video test (spec 3 §2 video screens, §3, §7): consultant notes, scenes, feedback. */

/** summary = 0, explanation = 1, suggestion = 2 (spec 3 §3 Consultancy note). */
export const NOTE_TYPES = [0, 1, 2] as const;
export type NoteType = (typeof NOTE_TYPES)[number];
export const NOTE_TYPE_NAMES: Record<NoteType, string> = {
  0: 'Summary',
  1: 'Explanation',
  2: 'Suggestion',
};
/** A scene has one note of each type; creating a scene makes the three (empty) at once. */
export const NOTES_PER_BATCH_MAX = 30;
export const NOTE_MAX = 5000;
/** How many associations a researcher may choose to show (spec 3 §9). */
export const SHOWN_ASSOCIATIONS_MAX = 5;
/** Associations are paged by ten on the qualitative feedback screen (spec 3 §9). */
export const ASSOCIATIONS_PAGE = 10;
/** The target group text of a test with the default target group (spec 3 §9). */
export const DEFAULT_TARGET_TEXT = 'a Dutch representative group of ten participants';
/** Where generated viewers are told apart from real ones: their real_id starts with this. */
export const GENERATED_VIEWER_PREFIX = 'generated-';

export const VIDEO_RESULT_MESSAGES = {
  noScenes: "There are no scenes created yet. Please go to 'Scenes' first.",
  noResults: 'Go to Scenes to generate the heatmap video and emotion scores.',
  processing: 'Processing takes up to 2-3 minutes',
  noConsultantInput: 'No further consultant input',
  noNeurofeedback: 'No neurofeedback available.',
  noVideoSupport: 'Your browser does not support the video tag.',
  labelsOfOneTest: 'All notes must belong to scenes of the same test',
  unknownLabel: 'There is no such scene',
  noteExists: 'This scene already has a note of this type',
  duplicateNote: 'A scene can have only one note of each type',
  tooManyShown: `Choose at most ${SHOWN_ASSOCIATIONS_MAX} associations`,
  notAnAssociation: 'This association does not belong to the test',
  onlyVideoTests: 'Only a video test has these results',
  individualLocked:
    'Individual participant data is an add-on of this video test: add Individual participant data to see each participant',
} as const;

export const consultancyNoteSchema = z.object({
  id: z.number(),
  note_type: z.union(NOTE_TYPES.map((type) => z.literal(type))),
  note: z.string(),
  label_id: z.number(),
});
export type ConsultancyNote = z.infer<typeof consultancyNoteSchema>;
export const consultancyNoteListAnswer = z.object({ consultancy_notes: z.array(consultancyNoteSchema) });

const noteTypeField = z.union(
  NOTE_TYPES.map((type) => z.literal(type)),
  { error: 'Choose note type 0 (summary), 1 (explanation) or 2 (suggestion)' },
);
export const batchCreateNotesBody = z.strictObject({
  consultancy_notes: z
    .array(
      z.strictObject({
        note_type: noteTypeField,
        note: optionalText(NOTE_MAX),
        label_id: idField,
      }),
    )
    .min(1, 'Send at least one note')
    .max(NOTES_PER_BATCH_MAX, `At most ${NOTES_PER_BATCH_MAX} notes at once`),
});
export const updateNoteBody = z.strictObject({
  consultancy_note: z.strictObject({ note: optionalText(NOTE_MAX) }),
});

/** A scene: a section of the video participant with its name (label) and its three notes. */
export const videoSceneSchema = z.object({
  section_id: z.number(),
  label_id: z.number(),
  name: z.string(),
  /** Milliseconds into the video. */
  start_ms: z.number(),
  end_ms: z.number(),
  notes: z.array(consultancyNoteSchema),
});
export type VideoScene = z.infer<typeof videoSceneSchema>;

/** Mean scores of the viewers at a time into the video (ms), 0 to 1. */
export const videoScoreSchema = z.object({
  t: z.number(),
  joy: z.number(),
  attention: z.number(),
  frustration: z.number(),
});
export type VideoScore = z.infer<typeof videoScoreSchema>;
export const videoPointSchema = z.object({
  id: z.number(),
  emotion: z.enum(['joy', 'attention', 'frustration']),
  t: z.number(),
  score: z.number(),
  ranking: z.number(),
  comment: z.string(),
});
export type VideoPoint = z.infer<typeof videoPointSchema>;
export const videoMomentSchema = z.object({
  id: z.number(),
  emotion: z.enum(['joy', 'attention', 'frustration', 'spread', 'fluency']),
  start_ms: z.number(),
  end_ms: z.number(),
});
export type VideoMoment = z.infer<typeof videoMomentSchema>;

/**
 * What the summary, scenes, dynamic analysis and moments screens show: who watched, the
 * processing state and, once processed, the scores over the video, scenes with notes, points and
 * moments. Times are milliseconds into the video. Generated viewers are not counted.
 */
export const videoResultsSchema = z.object({
  stats: z.object({
    participants: z.number(),
    male: z.number(),
    female: z.number(),
    /** Whole years; null when no viewer told their age. */
    average_age: z.number().nullable(),
    target_group: z.enum(['default', 'custom']),
    custom_target: z.string(),
  }),
  processing: z.boolean(),
  /** Whether a video participant (type video_heatmap) exists: the results. */
  has_results: z.boolean(),
  /** The id of the video participant (scenes are its sections), or null. */
  video_participant_id: z.number().nullable(),
  /** Signed URLs of the test's video and of the gaze heatmap video. */
  video: z.string().nullable(),
  heatmap_video: z.string().nullable(),
  /** Epoch ms of the video's start on the video participant's timeline (sections are stored on it). */
  timeline_start: z.number().nullable(),
  duration_ms: z.number(),
  /** Mean scores, one per step (about 4 per second). */
  scores: z.array(videoScoreSchema),
  scenes: z.array(videoSceneSchema),
  points: z.array(videoPointSchema),
  moments: z.array(videoMomentSchema),
  /**
   * Whose gaze the heatmap video and the spread and fluency moments are: the asked cohort's once
   * processing has made it (a test with both cohorts), else everyone's.
   */
  gaze_cohort: z.enum(COHORTS),
  /**
   * Whose EEG the scores, points and emotion moments average: everyone's when the asked cohort's
   * viewers with EEG are everyone's with EEG; null when the cohort has none (webcam viewers carry
   * no EEG), and then there are no scores, points or emotion moments.
   */
  emotions_cohort: z.enum(COHORTS).nullable(),
});
export type VideoResults = z.infer<typeof videoResultsSchema>;

/**
 * Norms (beyond the spec): a test's scenes against the other processed video tests of its company
 * and of its category. Percentiles are given only when at least this many other tests count.
 */
export const NORM_MINIMUM_TESTS = 5;
/** Mean scores, 0 to 1. */
export const scoreMeansSchema = z.object({ joy: z.number(), attention: z.number(), frustration: z.number() });
export type ScoreMeans = z.infer<typeof scoreMeansSchema>;
/** Percentile ranks, 0 to 100: the share of the other tests whose mean is lower (ties count half). */
export const scorePercentilesSchema = z.object({
  joy: z.number().int(),
  attention: z.number().int(),
  frustration: z.number().int(),
});
export type ScorePercentiles = z.infer<typeof scorePercentilesSchema>;
const percentileRange = z.tuple([z.number().int(), z.number().int()]);
/**
 * Where the percentile could lie (issue 26): the percentiles of the two ends of the 95 % interval
 * of the viewers' mean; null with fewer than two viewers.
 */
export const scorePercentileRangesSchema = z.object({
  joy: percentileRange,
  attention: percentileRange,
  frustration: percentileRange,
});
export type ScorePercentileRanges = z.infer<typeof scorePercentileRangesSchema>;
export const videoNormGroupSchema = z.object({
  /** Other processed video tests in the group. */
  tests: z.number().int(),
  /** The whole video's percentiles; null below the minimum or without scores. */
  video: scorePercentilesSchema.nullable(),
  video_range: scorePercentileRangesSchema.nullable(),
  /** Each scene's percentiles (null for a scene without scores); empty below the minimum. */
  scenes: z.array(
    z.object({
      section_id: z.number(),
      percentiles: scorePercentilesSchema.nullable(),
      range: scorePercentileRangesSchema.nullable(),
    }),
  ),
});
export type VideoNormGroup = z.infer<typeof videoNormGroupSchema>;
export const videoNormsSchema = z.object({
  minimum_tests: z.number().int(),
  company: videoNormGroupSchema,
  /** The test's category; name null (and no tests) when the test has none. */
  category: videoNormGroupSchema.extend({ name: z.string().nullable() }),
});
export type VideoNorms = z.infer<typeof videoNormsSchema>;

export const associationCountSchema = z.object({
  id: z.number(),
  text: z.string(),
  /** Viewers who chose it. */
  count: z.number(),
  /** Chosen by a researcher to show (at most 5). */
  shown: z.boolean(),
});
export const evaluationAverageSchema = z.object({
  id: z.number(),
  text: z.string(),
  /** 1 to 5; null without answers. */
  average: z.number().nullable(),
  answers: z.number(),
});
export const openQuestionAnswersSchema = z.object({
  id: z.number(),
  text: z.string(),
  answers: z.array(
    z.object({
      participant_id: z.number(),
      text: z.string(),
      /** The answer in the test's translation language; '' when it has none. */
      translation: z.string(),
    }),
  ),
});
/** The qualitative feedback of a video test: associations by count (most first), scale averages, open answers. */
export const qualitativeFeedbackSchema = z.object({
  associations: z.array(associationCountSchema),
  evaluations: z.array(evaluationAverageSchema),
  open_questions: z.array(openQuestionAnswersSchema),
});
export type QualitativeFeedback = z.infer<typeof qualitativeFeedbackSchema>;
export const shownAssociationsBody = z.strictObject({
  association_ids: z
    .array(idField)
    .max(SHOWN_ASSOCIATIONS_MAX, VIDEO_RESULT_MESSAGES.tooManyShown)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each association once'),
});

export const videoResultRoutes = defineRoutes('videoResults', {
  results: {
    method: 'GET',
    path: '/tests/:id/video_results',
    access: 'user',
    summary:
      "The summary data of a video test: stats, processing state, scores over the video, scenes with notes, points and moments; `cohort` keeps the lab's or the remote viewers: their stats, their gaze's heatmap video and moments (`gaze_cohort`), and the EEG curves only when they are the cohort's own (`emotions_cohort`)",
    params: idParams,
    query: cohortQuery,
    responses: { 200: videoResultsSchema },
    errors: [403, 404],
  },
  cohortHeatmapVideo: {
    method: 'GET',
    path: '/tests/:id/heatmap_video/:cohort',
    access: 'signed',
    summary:
      "A cohort's gaze heatmap video over the test's video, by the signed URL in the results' `heatmap_video` (Range requests seek)",
    params: z.strictObject({
      id: idParam,
      cohort: z.enum(['lab', 'remote'], { error: 'Choose a cohort: lab or remote' }),
    }),
    query: participantVideoQuery,
    responses: { 200: videoFileAnswer, 206: videoFileAnswer },
    errors: [416],
  },
  norms: {
    method: 'GET',
    path: '/tests/:id/video_norms',
    access: 'user',
    summary: `The scenes' and the whole video's mean scores as percentiles of the other video tests of the company and of the category (from ${NORM_MINIMUM_TESTS} tests)`,
    params: idParams,
    responses: { 200: videoNormsSchema },
    errors: [403, 404, 409],
  },
  listNotes: {
    method: 'GET',
    path: '/tests/:id/consultancy_notes',
    access: 'user',
    summary: "The consultant notes on the video test's scenes",
    params: idParams,
    responses: { 200: consultancyNoteListAnswer },
    errors: [403, 404],
  },
  batchCreateNotes: {
    method: 'POST',
    path: '/consultancy_notes/batch_create',
    access: 'researcher',
    summary: 'Adds notes to scenes of one video test; a scene has one note per type (409 for a second one)',
    body: batchCreateNotesBody,
    responses: { 201: consultancyNoteListAnswer },
    errors: [404, 409],
  },
  updateNote: {
    method: 'PATCH',
    path: '/consultancy_notes/:id',
    access: 'researcher',
    summary: "Changes a note's text",
    params: idParams,
    body: updateNoteBody,
    responses: { 200: consultancyNoteSchema },
    errors: [404],
  },
  qualitativeFeedback: {
    method: 'GET',
    path: '/tests/:id/qualitative_feedback',
    access: 'user',
    summary:
      "The viewers' associations by count, the averages of the scale questions and the open answers; `cohort` keeps lab or remote viewers' answers only",
    params: idParams,
    query: cohortQuery,
    responses: { 200: qualitativeFeedbackSchema },
    errors: [403, 404],
  },
  showAssociations: {
    method: 'PUT',
    path: '/tests/:id/shown_associations',
    access: 'researcher',
    summary: `Chooses the associations shown (at most ${SHOWN_ASSOCIATIONS_MAX}, associations of the test)`,
    params: idParams,
    body: shownAssociationsBody,
    responses: { 200: okSchema },
    errors: [404],
  },
  addGeneratedViewer: {
    method: 'POST',
    path: '/tests/:id/generated_viewers',
    access: 'researcher',
    summary:
      'Adds one generated viewer (the spec’s fake participant) so that results can be seen before real viewers exist; it is created left out of the metrics and counts in the results once a researcher counts it (PATCH /tests/{id}/quality/{pid}) and processes again',
    params: idParams,
    responses: { 201: participantSummarySchema },
    errors: [404, 409],
  },
});
