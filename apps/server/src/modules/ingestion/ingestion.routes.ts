import type { Readable } from 'node:stream';
import {
  finishParticipantAnswer,
  finishParticipantBody,
  ingestBatchAnswer,
  ingestBatchParams,
  ingestParticipantAnswer,
  ingestParticipantBody,
  ingestParticipantParams,
  STREAM_MEDIA_TYPE,
  startVideoBody,
  UPLOAD_MEDIA_TYPE,
  videoUploadAnswer,
} from '@limbus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { createIngestParticipant, finishParticipant, putBatch } from './ingestion.service.js';
import { appendVideo, startVideoUpload, type UploadState, videoUploadState } from './video-upload.js';

/** Largest stream batch: some 3 million gaze samples in the codec, far above the 10–50k a batch holds. */
export const BATCH_BODY_LIMIT = 64 * 1024 * 1024;

const uploadHeaders = (reply: FastifyReply, state: UploadState) =>
  reply
    .header('upload-offset', String(state.offset))
    .header('upload-length', String(state.size))
    .header('cache-control', 'no-store');

const headerNumber = (value: string | string[] | undefined, name: string): number | null => {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value))
    throw AppError.fieldError('validation', name, `${name} must be a whole number of bytes`);
  return Number(value);
};

/** The ingestion API of the lab recorders (access `recorder`: `Authorization: Setup <key>`; docs/ingestion.md). */
export function registerIngestionRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ingestion'];
  app.addContentTypeParser(STREAM_MEDIA_TYPE, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  // The upload body is streamed to the part file as it arrives, never held in memory.
  app.addContentTypeParser(UPLOAD_MEDIA_TYPE, (_request, payload, done) => done(null, payload));

  routes.post('/ingest/participants', {
    config: { access: 'recorder' },
    schema: {
      tags,
      summary: 'Create the participant of a test, or answer the one with this real_id (idempotent)',
      body: ingestParticipantBody,
      response: { 200: ingestParticipantAnswer, 201: ingestParticipantAnswer },
    },
    handler: async (request, reply) => {
      const { participant, isNew } = await createIngestParticipant(deps, request.body);
      return reply.status(isNew ? 201 : 200).send(participant);
    },
  });

  routes.put('/ingest/participants/:pid/streams/:kind/batches/:seq', {
    config: { access: 'recorder' },
    bodyLimit: BATCH_BODY_LIMIT,
    schema: {
      tags,
      summary: `Store batch number seq of a stream (${STREAM_MEDIA_TYPE} or JSON columns); a retry overwrites it`,
      params: ingestBatchParams,
      response: { 200: ingestBatchAnswer },
    },
    handler: async (request) => {
      const { pid, kind, seq } = request.params;
      return putBatch(deps, pid, kind, seq, request.body);
    },
  });

  routes.post('/ingest/participants/:pid/finish', {
    config: { access: 'recorder' },
    schema: {
      tags,
      summary: 'Merge the batches into the streams, finish the participant and queue its analysis',
      params: ingestParticipantParams,
      body: finishParticipantBody,
      response: { 200: finishParticipantAnswer },
    },
    handler: async (request) => finishParticipant(deps, request.params.pid, request.body),
  });

  routes.post('/ingest/participants/:pid/video', {
    config: { access: 'recorder' },
    schema: {
      tags,
      summary: 'Start a resumable upload of the screen recording, or answer the one in progress',
      params: ingestParticipantParams,
      body: startVideoBody,
      response: { 200: videoUploadAnswer },
    },
    handler: async (request, reply) => {
      const state = await startVideoUpload(deps, request.params.pid, request.body);
      return uploadHeaders(reply, state).send(state);
    },
  });

  routes.head('/ingest/participants/:pid/video', {
    config: { access: 'recorder' },
    schema: { tags, summary: 'Where the upload stands (Upload-Offset)', params: ingestParticipantParams },
    handler: async (request, reply) => {
      const state = await videoUploadState(deps, request.params.pid);
      return uploadHeaders(reply, state).status(200).send();
    },
  });

  routes.patch('/ingest/participants/:pid/video', {
    config: { access: 'recorder' },
    schema: {
      tags,
      summary: `Append bytes at Upload-Offset (${UPLOAD_MEDIA_TYPE}); the last part checks the content`,
      params: ingestParticipantParams,
      response: { 200: videoUploadAnswer },
    },
    handler: async (request, reply) => {
      const offset = headerNumber(request.headers['upload-offset'], 'upload_offset');
      if (offset === null)
        throw AppError.fieldError('validation', 'upload_offset', 'The Upload-Offset header is missing');
      if (request.headers['content-type']?.split(';')[0]?.trim() !== UPLOAD_MEDIA_TYPE)
        throw new AppError('validation', `Send the bytes as ${UPLOAD_MEDIA_TYPE}`, undefined, 415);
      const length = headerNumber(request.headers['content-length'], 'content_length');
      const state = await appendVideo(deps, request.params.pid, offset, length, request.body as Readable);
      return uploadHeaders(reply, state).send(state);
    },
  });
}
