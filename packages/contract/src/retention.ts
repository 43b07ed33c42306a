import { z } from 'zod';
import { idParams } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * How long a company keeps each kind of participant data (docs/data-rights.md, "Retention"). A
 * daily job removes what is due; the participant stays, with a note of what was removed and when,
 * which the screens show instead of the data.
 */

/** The kinds of data a retention policy sets a period for. */
export const RETENTION_KINDS = ['recordings', 'streams', 'derived'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export const RETENTION_KIND_NAMES: Record<RetentionKind, string> = {
  recordings: 'Raw screen and voice recordings',
  streams: 'Raw streams (EEG and emotions, gaze, mouse and touch)',
  derived: 'Derived results',
};

/** What each period covers and from when it counts, as the admin area explains it. */
export const RETENTION_KIND_EXPLANATIONS: Record<RetentionKind, string> = {
  recordings:
    'The screen recording of each participant, with its sound (spoken feedback). Counted from the day the test is done; then the video file is deleted and the replay says so.',
  streams:
    'The sample streams recorded of each participant: EEG-derived emotions, gaze, mouse and touch. Counted from the day of the recording; then the stream files are deleted.',
  derived:
    'Page and tag metrics, significant points, insights, heatmaps, norms and benchmarks. Kept as long as the test: they go when the test is deleted.',
};

/** A company without a policy of its own has these. */
export const RETENTION_DEFAULTS = {
  recordings_days: 90,
  /** 24 months. */
  streams_days: 730,
  /** null: as long as the test. */
  derived_days: null,
} as const;

/** Ten years: longer is no retention policy. */
export const RETENTION_MAX_DAYS = 3650;

const days = (what: string) =>
  z
    .number({ error: `Give the days ${what} are kept as a whole number` })
    .int({ error: 'Use a whole number of days' })
    .min(1, { error: 'Keep it at least 1 day' })
    .max(RETENTION_MAX_DAYS, { error: `At most ${RETENTION_MAX_DAYS} days (10 years)` });

export const retentionPolicySchema = z.object({
  company_id: z.number(),
  recordings_days: z.number(),
  streams_days: z.number(),
  /** null: kept as long as the test. */
  derived_days: z.number().nullable(),
  /** True while the company has no policy of its own (the defaults apply). */
  is_default: z.boolean(),
  /** Unix seconds of the last change; null for the defaults. */
  updated_at: z.number().nullable(),
  /** Who changed it last (e-mail address); null for the defaults or a removed user. */
  updated_by: z.string().nullable(),
});
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;

/**
 * A new policy. Derived results are kept as long as the test (no period to set): removing metrics
 * that reports were written on would leave those reports without their evidence.
 */
export const retentionPolicyWrite = z.strictObject({
  recordings_days: days('recordings'),
  streams_days: days('raw streams'),
  derived_days: z.null({ error: 'Derived results are kept as long as the test' }),
});
export type RetentionPolicyWrite = z.infer<typeof retentionPolicyWrite>;

/** Why data of a participant was removed while the participant stays. */
export const REMOVAL_REASONS = ['retention', 'withdrawal'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

/** Removed kinds: `screen` (the recording, with its sound) or a stream kind. */
export const removedDataSchema = z.object({
  kind: z.string(),
  /** Unix seconds. */
  at: z.number(),
  reason: z.enum(REMOVAL_REASONS),
});
export type RemovedData = z.infer<typeof removedDataSchema>;

export const REMOVED_DATA_MESSAGES = {
  retention: 'removed by the retention policy',
  withdrawal: 'removed when the participant withdrew consent',
} as const satisfies Record<RemovalReason, string>;

export const retentionRoutes = defineRoutes('retention', {
  get: {
    method: 'GET',
    path: '/companies/:id/retention',
    access: 'user',
    summary: "A company's retention policy, with the defaults where it has none (staff; its company admins)",
    params: idParams,
    responses: { 200: z.object({ data: retentionPolicySchema }) },
    errors: [403, 404],
  },
  update: {
    method: 'PUT',
    path: '/companies/:id/retention',
    access: 'staff',
    summary: "Set a company's retention policy (provider staff); audited",
    params: idParams,
    body: retentionPolicyWrite,
    responses: { 200: z.object({ data: retentionPolicySchema }) },
    errors: [404],
  },
});
