import { z } from 'zod';
import { ingestConsentSchema } from './consent.js';
import { PARTICIPANT_TYPES, STREAM_KINDS, STREAM_MEDIA_TYPE } from './constants.js';
import { idField, idParam, optionalText, requiredText } from './fields.js';
import { defineRoutes } from './route.js';
import { screenGeometrySchema, testSetupSchema, testSetupStatusSchema } from './test-setups.js';

/** The ingestion API the lab recorders upload with (docs/ingestion.md); the recorders are test-setups.ts. */

/** Media type of a resumable video upload's PATCH body. */
export const UPLOAD_MEDIA_TYPE = 'application/offset+octet-stream';

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
  /**
   * What the participant consented to (docs/data-rights.md): the terms version, streams, purposes
   * and when; `method` is `recorder` (the default) or `import` (the import CLI).
   */
  consent: ingestConsentSchema.optional(),
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
/** A point the participant was asked to look at: px of the eye stream's frame, first and last epoch ms. */
export const validationTargetSchema = z
  .strictObject({
    x: z.number().min(-10_000).max(10_000),
    y: z.number().min(-10_000).max(10_000),
    start: z.number().min(0).max(4_102_444_800_000),
    end: z.number().min(0).max(4_102_444_800_000),
  })
  .refine((target) => target.end >= target.start, 'end must not lie before start');
export const VALIDATION_TARGETS_MAX = 100;
export const finishParticipantBody = z.strictObject({
  /** Unix seconds; the last sample's time when not given. */
  ended_at: z.number().int().min(0).max(253_402_300_799).optional(),
  /** EEG signal quality as the lab's headset software reports it: share of the recording with good contact, 0–1. */
  eeg_quality: z.number().min(0).max(1).optional(),
  /** Validation targets shown during the recording: gaze accuracy is measured on them. */
  validation_targets: z
    .array(validationTargetSchema)
    .max(VALIDATION_TARGETS_MAX, `At most ${VALIDATION_TARGETS_MAX} validation targets are allowed`)
    .optional(),
  /** This participant's screen and viewing distance, when it differs from the setup's. */
  geometry: screenGeometrySchema.optional(),
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

/** The ingestion API of the lab recorders (access `recorder`: `Authorization: Setup <key>`; docs/ingestion.md). */
export const ingestionRoutes = defineRoutes('ingestion', {
  heartbeat: {
    method: 'POST',
    path: '/ingest/heartbeat',
    access: 'recorder',
    summary: 'A recorder reports the status of its devices and services (Authorization: Setup <key>)',
    body: heartbeatBody,
    responses: { 200: heartbeatAnswer },
    errors: [404],
  },
  participant: {
    method: 'POST',
    path: '/ingest/participants',
    access: 'recorder',
    summary: 'Create the participant of a test, or answer the one with this real_id (idempotent)',
    description: '201 when the participant is new, 200 when it existed (a retry).',
    body: ingestParticipantBody,
    responses: { 200: ingestParticipantAnswer, 201: ingestParticipantAnswer },
    errors: [404],
  },
  batch: {
    method: 'PUT',
    path: '/ingest/participants/:pid/streams/:kind/batches/:seq',
    access: 'recorder',
    summary: `Store batch number seq of a stream (${STREAM_MEDIA_TYPE} or JSON columns); a retry overwrites it`,
    params: ingestBatchParams,
    responses: { 200: ingestBatchAnswer },
    errors: [409, 413, 415],
  },
  finish: {
    method: 'POST',
    path: '/ingest/participants/:pid/finish',
    access: 'recorder',
    summary: 'Merge the batches into the streams, finish the participant and queue its analysis',
    params: ingestParticipantParams,
    body: finishParticipantBody,
    responses: { 200: finishParticipantAnswer },
  },
  startVideo: {
    method: 'POST',
    path: '/ingest/participants/:pid/video',
    access: 'recorder',
    summary: 'Start a resumable upload of the screen recording, or answer the one in progress',
    description: 'Answers the state in the body and in the Upload-Offset and Upload-Length headers.',
    params: ingestParticipantParams,
    body: startVideoBody,
    responses: { 200: videoUploadAnswer },
    errors: [409, 413],
  },
  videoState: {
    method: 'HEAD',
    path: '/ingest/participants/:pid/video',
    access: 'recorder',
    summary: 'Where the upload stands (Upload-Offset)',
    description: 'The Upload-Offset and Upload-Length headers tell the state.',
    params: ingestParticipantParams,
    responses: { 200: null },
  },
  appendVideo: {
    method: 'PATCH',
    path: '/ingest/participants/:pid/video',
    access: 'recorder',
    summary: `Append bytes at Upload-Offset (${UPLOAD_MEDIA_TYPE}); the last part checks the content`,
    description:
      'Answers the state in the body and in the Upload-Offset and Upload-Length headers; 409 names the offset the upload stands at.',
    params: ingestParticipantParams,
    responses: { 200: videoUploadAnswer },
    errors: [409, 413, 415],
  },
});
