import { REMOTE_CALIBRATION_VERDICTS, REMOTE_GAZE_FAILURES, VOICE_MEDIA_TYPES } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { belongsTo, createdAt } from './columns.js';
import { participants } from './recordings.js';
import { tests } from './user-tests.js';

/**
 * A test's remote cohort (issue 30, docs/remote-studies.md): its participant link, of which only
 * the token's SHA-256 is stored, a cap on the participants it creates, an expiry and the panel's
 * completion redirect. `participants_created` is counted under the row's lock, never past `cap`.
 * The gaze settings judge its participants' calibrations (contract's remoteGazeSettingsSchema).
 */
export const remoteCohorts = pgTable(
  'remote_cohorts',
  {
    id: serial('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    testId: belongsTo('test_id', () => tests.id),
    tokenHash: text('token_hash').notNull(),
    cap: integer('cap').notNull(),
    participantsCreated: integer('participants_created').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** With placeholders such as {participant_id}; null: the session ends without a redirect. */
    redirectUrl: text('redirect_url'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    gazeThresholdDeg: doublePrecision('gaze_threshold_deg').notNull().default(4),
    gazeMaxRecalibrations: integer('gaze_max_recalibrations').notNull().default(2),
    gazeOnFailure: text('gaze_on_failure', { enum: REMOTE_GAZE_FAILURES })
      .notNull()
      .default('continue_without_gaze'),
    gazeWithoutValidation: boolean('gaze_without_validation').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('remote_cohorts_token_hash_idx').on(table.tokenHash),
    index('remote_cohorts_test_idx').on(table.testId, table.createdAt),
    check('remote_cohorts_cap_check', sql`${table.cap} between 1 and 10000`),
    check('remote_cohorts_created_check', sql`${table.participantsCreated} between 0 and ${table.cap}`),
    check('remote_cohorts_gaze_threshold_check', sql`${table.gazeThresholdDeg} between 0.5 and 10`),
    check('remote_cohorts_gaze_recalibrations_check', sql`${table.gazeMaxRecalibrations} between 0 and 5`),
    check(
      'remote_cohorts_gaze_on_failure_check',
      sql`${table.gazeOnFailure} in ('continue_without_gaze', 'stop')`,
    ),
  ],
);

/**
 * A remote participant's session: the short-lived credential that uploads that one participant's
 * data and ends its session (token hashed), and the panel's id of the participant, which the
 * completion redirect sends back. Erasing the participant erases it. Ended (by the participant, or
 * as incomplete by the job once expired), it keeps the webcam
 * gaze's figures: the best validation's accuracy and precision (degrees), and the uploaded eye
 * stream's tracking ratio and sampling rate; null where there was nothing to measure.
 */
export const remoteSessions = pgTable(
  'remote_sessions',
  {
    id: serial('id').primaryKey(),
    cohortId: belongsTo('cohort_id', () => remoteCohorts.id),
    participantId: belongsTo('participant_id', () => participants.id),
    tokenHash: text('token_hash').notNull(),
    externalId: text('external_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Ended by the expiry job, not by the participant: the tab closed mid-way (what was uploaded is kept). */
    incomplete: boolean('incomplete').notNull().default(false),
    validationAccuracyDeg: real('validation_accuracy_deg'),
    validationPrecisionDeg: real('validation_precision_deg'),
    trackingRatio: real('tracking_ratio'),
    samplingRateHz: real('sampling_rate_hz'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('remote_sessions_token_hash_idx').on(table.tokenHash),
    uniqueIndex('remote_sessions_participant_idx').on(table.participantId),
    uniqueIndex('remote_sessions_external_id_idx').on(table.cohortId, table.externalId),
    // The incomplete-session job's search: sessions never ended, by expiry.
    index('remote_sessions_unended_idx').on(table.expiresAt).where(sql`${table.endedAt} is null`),
  ],
);

/**
 * A validation of a remote participant's calibration, as the server measured it from the targets
 * and estimates the browser sent (figures null when no target had enough estimates), and the
 * verdict that followed. Every attempt is kept; erasing the participant erases them.
 */
export const remoteValidations = pgTable(
  'remote_validations',
  {
    id: serial('id').primaryKey(),
    sessionId: belongsTo('session_id', () => remoteSessions.id),
    participantId: belongsTo('participant_id', () => participants.id),
    attempt: integer('attempt').notNull(),
    accuracyDeg: real('accuracy_deg'),
    precisionDeg: real('precision_deg'),
    accuracyPx: real('accuracy_px'),
    precisionPx: real('precision_px'),
    targetsUsed: integer('targets_used').notNull(),
    /** The scale the degrees were computed with: the participant's screen, or the defaults for what it did not send. */
    pxPerDegree: real('px_per_degree').notNull(),
    verdict: text('verdict', { enum: REMOTE_CALIBRATION_VERDICTS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('remote_validations_session_idx').on(table.sessionId, table.createdAt),
    index('remote_validations_participant_idx').on(table.participantId),
    check('remote_validations_attempt_check', sql`${table.attempt} between 1 and 6`),
    check(
      'remote_validations_verdict_check',
      sql`${table.verdict} in ('passed', 'recalibrate', 'continue_without_gaze', 'stop')`,
    ),
  ],
);

/**
 * A take of a remote participant's spoken audio (docs/remote-studies.md 'Spoken audio'): one
 * MediaRecorder of the participant's page, its chunks stored as they arrive. When the session
 * ends they are joined into one file (`file_key`, with its length); erasing the participant erases
 * it, retention removes it with the recordings.
 */
export const voiceTakes = pgTable(
  'voice_takes',
  {
    id: serial('id').primaryKey(),
    participantId: belongsTo('participant_id', () => participants.id),
    take: integer('take').notNull(),
    mediaType: text('media_type', { enum: VOICE_MEDIA_TYPES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Null until the chunks were joined. */
    fileKey: text('file_key'),
    bytes: integer('bytes').notNull().default(0),
    durationMs: integer('duration_ms'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('voice_takes_participant_take_idx').on(table.participantId, table.take)],
);

/** A chunk of a take not joined yet: its size, so a participant's audio is held to its limit. */
export const voiceChunks = pgTable(
  'voice_chunks',
  {
    takeId: belongsTo('take_id', () => voiceTakes.id),
    participantId: belongsTo('participant_id', () => participants.id),
    seq: integer('seq').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.takeId, table.seq] }),
    index('voice_chunks_participant_idx').on(table.participantId),
  ],
);
