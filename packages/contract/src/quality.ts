import { z } from 'zod';
import { PARTICIPANT_SOURCES } from './constants.js';
import { cohortQuery, idParam, idParams } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * Data quality of a test's recordings for researchers (docs/gaze-analytics.md 'Data quality'):
 * measures per participant, a summary of the test, and which participants a researcher left out
 * of the metrics. Clients never read these (docs/decisions/gaze-and-data-quality.md).
 */

/** The thresholds a participant misses, by measure. */
export const QUALITY_PROBLEMS = ['tracking', 'precision', 'accuracy', 'eeg'] as const;
export type QualityProblem = (typeof QUALITY_PROBLEMS)[number];

export const QUALITY_PROBLEM_NAMES: Record<QualityProblem, string> = {
  tracking: 'Tracking ratio',
  precision: 'Precision',
  accuracy: 'Accuracy',
  eeg: 'EEG signal',
};

/**
 * A remote participant's webcam gaze as its session measured it (docs/remote-studies.md): the
 * best validation's accuracy and precision, the uploaded eye stream's tracking ratio and sampling
 * rate (null until the session ended or where nothing was measured), and whether a validation passed.
 */
export const webcamQualitySchema = z.object({
  validation_accuracy_deg: z.number().nullable(),
  validation_precision_deg: z.number().nullable(),
  tracking_ratio: z.number().nullable(),
  sampling_rate_hz: z.number().nullable(),
  validation_passed: z.boolean(),
  /**
   * Whether the participant ended the session. False while it runs, and for an incomplete one: a
   * session that expired without its end (the tab closed mid-way), finished with what was uploaded.
   */
  completed: z.boolean(),
});
export type WebcamQuality = z.infer<typeof webcamQualitySchema>;

/** One participant's measures; null where the recording does not allow the measure. */
export const participantQualitySchema = z.object({
  participant_id: z.number(),
  real_id: z.string(),
  /** lab or webcam. */
  source: z.enum(PARTICIPANT_SOURCES),
  /** The webcam session's figures; null for a lab participant. */
  webcam: webcamQualitySchema.nullable(),
  /** Gaze samples in the recording (lost ones included). */
  gaze_samples: z.number(),
  /** Share of gaze samples with a position, 0–1; null without gaze. */
  tracking_ratio: z.number().nullable(),
  /** Precision as RMS of sample-to-sample distances, degrees (median over 200 ms windows). */
  precision_rms_s2s_deg: z.number().nullable(),
  /** Precision as the SD of positions, degrees (median over 200 ms windows). */
  precision_sd_deg: z.number().nullable(),
  /** Mean distance of the gaze from the lab's validation targets, degrees; null without targets. */
  accuracy_deg: z.number().nullable(),
  /** How many validation targets had gaze on them. */
  validation_targets: z.number(),
  /** EEG signal quality the lab reported (0–1); null when the lab sent none. */
  eeg_quality: z.number().nullable(),
  /** The thresholds this participant misses; empty when the data is good enough. */
  problems: z.array(z.enum(QUALITY_PROBLEMS)),
  excluded_from_metrics: z.boolean(),
});
export type ParticipantQuality = z.infer<typeof participantQualitySchema>;

export const qualityThresholdsSchema = z.object({
  min_tracking_ratio: z.number(),
  max_precision_rms_s2s_deg: z.number(),
  max_accuracy_deg: z.number(),
  min_eeg_quality: z.number(),
});
export type QualityThresholds = z.infer<typeof qualityThresholdsSchema>;

/** A measure over the participants that have it: how many, mean, median and range. */
export const measureSummarySchema = z.object({
  n: z.number(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type MeasureSummary = z.infer<typeof measureSummarySchema>;

export const testQualitySchema = z.object({
  thresholds: qualityThresholdsSchema,
  summary: z.object({
    participants: z.number(),
    low_quality: z.number(),
    excluded: z.number(),
    tracking_ratio: measureSummarySchema,
    precision_rms_s2s_deg: measureSummarySchema,
    precision_sd_deg: measureSummarySchema,
    accuracy_deg: measureSummarySchema,
    eeg_quality: measureSummarySchema,
  }),
  participants: z.array(participantQualitySchema),
});
export type TestQuality = z.infer<typeof testQualitySchema>;

/** GET /tests/{id}/quality, read as `data`. */
export const testQualityAnswer = z.object({ data: testQualitySchema });
/** GET and PATCH /tests/{id}/quality/{pid}, read as `data`, with the thresholds it was judged by. */
export const participantQualityAnswer = z.object({
  data: participantQualitySchema,
  thresholds: qualityThresholdsSchema,
});

export const qualityParticipantParams = z.strictObject({ id: idParam, pid: idParam });
export const updateQualityBody = z.strictObject({
  excluded_from_metrics: z.boolean({ error: 'Send excluded_from_metrics as true or false' }),
});

/** Research area only: data quality and leaving participants out of the metrics. */
export const qualityRoutes = defineRoutes('quality', {
  test: {
    method: 'GET',
    path: '/tests/:id/quality',
    access: 'researcher',
    summary:
      "Data quality of a test's participants (tracking ratio, precision, accuracy, EEG), the test's summary and thresholds",
    description:
      "Computed from the stored gaze streams when asked (not by the results screens clients read). `cohort` measures and summarises lab or remote participants only: a webcam's accuracy (1.5–4°) would otherwise set the median of a test with both.",
    params: idParams,
    query: cohortQuery,
    responses: { 200: testQualityAnswer },
  },
  participant: {
    method: 'GET',
    path: '/tests/:id/quality/:pid',
    access: 'researcher',
    summary: "One participant's data quality",
    params: qualityParticipantParams,
    responses: { 200: participantQualityAnswer },
  },
  update: {
    method: 'PATCH',
    path: '/tests/:id/quality/:pid',
    access: 'researcher',
    summary:
      "Leave a participant out of the test's metrics (or take them back in); the metrics are recomputed by a job",
    params: qualityParticipantParams,
    body: updateQualityBody,
    responses: { 200: participantQualityAnswer },
  },
});
