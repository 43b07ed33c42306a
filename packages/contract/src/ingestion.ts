import { z } from 'zod';
import { PARTICIPANT_TYPES, STREAM_KINDS } from './constants.js';
import { idField, idParam, optionalText, requiredText } from './fields.js';

/** Test setups (lab recorders) and the ingestion API they upload with (docs/ingestion.md). */

export const TEST_SETUP_STATUS_KEYS = ['eeg', 'eye', 'mouse', 'tapp', 'recorder', 'redis'] as const;
/** A setup is online while its last heartbeat is at most this old. */
export const TEST_SETUP_ONLINE_SECONDS = 60;
/** Media type of a resumable video upload's PATCH body. */
export const UPLOAD_MEDIA_TYPE = 'application/offset+octet-stream';

export const testSetupStatusSchema = z.strictObject({
  eeg: z.boolean(),
  eye: z.boolean(),
  mouse: z.boolean(),
  tapp: z.boolean(),
  recorder: z.boolean(),
  redis: z.boolean(),
});
export type TestSetupStatus = z.infer<typeof testSetupStatusSchema>;

export const testSetupSchema = z.object({
  id: z.number(),
  name: z.string(),
  ip: z.string(),
  status: testSetupStatusSchema,
  /** Unix seconds of the last heartbeat (of the creation before the first one). */
  updated_at: z.number(),
  /** A heartbeat came within TEST_SETUP_ONLINE_SECONDS. */
  is_online: z.boolean(),
});
export type TestSetup = z.infer<typeof testSetupSchema>;

export const testSetupListAnswer = z.object({ data: z.object({ test_setups: z.array(testSetupSchema) }) });
export const createTestSetupBody = z.strictObject({
  name: requiredText(255),
  ip: optionalText(255).default(''),
});
/** The setup with its key: the key is shown this once and stored only as its SHA-256. */
export const testSetupWithKeyAnswer = z.object({ data: testSetupSchema, key: z.string() });
export const testSetupParams = z.strictObject({ id: idParam });

export const heartbeatBody = z.strictObject({ status: testSetupStatusSchema });
export const heartbeatAnswer = z.object({ data: testSetupSchema });

export const ingestParticipantBody = z.strictObject({
  test_id: idField,
  real_id: requiredText(255),
  type: z.enum(PARTICIPANT_TYPES).optional(),
  demographic: z
    .strictObject({
      age: z.number().int().min(0).max(150).nullable().optional(),
      gender: optionalText(100).nullable().optional(),
      education: optionalText(100).nullable().optional(),
    })
    .optional(),
  /** Unix seconds. */
  started_at: z.number().int().min(0).max(253_402_300_799).optional(),
});
export const ingestParticipantAnswer = z.object({
  id: z.number(),
  test_id: z.number(),
  real_id: z.string(),
  state: z.string(),
});
export const ingestParticipantParams = z.strictObject({ pid: idParam });
export const ingestBatchParams = z.strictObject({
  pid: idParam,
  kind: z.enum(STREAM_KINDS, { error: `Choose one of ${STREAM_KINDS.join(', ')}` }),
  seq: z
    .string()
    .regex(/^(0|[1-9]\d{0,8})$/, 'Must be a whole number from 0')
    .transform(Number),
});
export const ingestBatchAnswer = z.object({
  kind: z.enum(STREAM_KINDS),
  seq: z.number(),
  sample_count: z.number(),
});
export const finishParticipantBody = z.strictObject({
  /** Unix seconds; the last sample's time when not given. */
  ended_at: z.number().int().min(0).max(253_402_300_799).optional(),
});
export const finishParticipantAnswer = z.object({
  id: z.number(),
  state: z.string(),
  streams: z.record(z.string(), z.number()),
});

export const startVideoBody = z.strictObject({
  size: z.number().int().positive(),
  filename: optionalText(255).optional(),
});
export const videoUploadAnswer = z.object({ offset: z.number(), size: z.number(), complete: z.boolean() });
