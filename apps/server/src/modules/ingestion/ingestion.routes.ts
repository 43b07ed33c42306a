import type { Readable } from 'node:stream';
import { ingestionRoutes, STREAM_MEDIA_TYPE, UPLOAD_MEDIA_TYPE } from '@limbus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { setupOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { heartbeat } from '../test-setups/test-setups.service.js';
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
  app.addContentTypeParser(STREAM_MEDIA_TYPE, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  // The upload body is streamed to the part file as it arrives, never held in memory.
  app.addContentTypeParser(UPLOAD_MEDIA_TYPE, (_request, payload, done) => done(null, payload));

  serveRoute(app, ingestionRoutes.heartbeat, async (request) =>
    heartbeat(deps, setupOf(request), request.body.status),
  );

  serveRoute(app, ingestionRoutes.participant, async (request, reply) => {
    const setup = setupOf(request);
    const { participant, isNew } = await createIngestParticipant(deps, request.body, setup.id, {
      actor: { id: null, label: `Lab recorder "${setup.name}"` },
      address: request.ip,
    });
    return reply.status(isNew ? 201 : 200).send(participant);
  });

  serveRoute(
    app,
    ingestionRoutes.batch,
    async (request) => {
      const { pid, kind, seq } = request.params;
      // No body schema: the codec's bytes or JSON columns, which putBatch checks in full.
      return putBatch(deps, pid, kind, seq, request.body);
    },
    { bodyLimit: BATCH_BODY_LIMIT },
  );

  serveRoute(app, ingestionRoutes.finish, async (request) =>
    finishParticipant(deps, request.params.pid, request.body),
  );

  serveRoute(app, ingestionRoutes.startVideo, async (request, reply) => {
    const state = await startVideoUpload(deps, request.params.pid, request.body);
    return uploadHeaders(reply, state).send(state);
  });

  serveRoute(app, ingestionRoutes.videoState, async (request, reply) => {
    const state = await videoUploadState(deps, request.params.pid);
    return uploadHeaders(reply, state).status(200).send();
  });

  serveRoute(app, ingestionRoutes.appendVideo, async (request, reply) => {
    const offset = headerNumber(request.headers['upload-offset'], 'upload_offset');
    if (offset === null)
      throw AppError.fieldError('validation', 'upload_offset', 'The Upload-Offset header is missing');
    if (request.headers['content-type']?.split(';')[0]?.trim() !== UPLOAD_MEDIA_TYPE)
      throw new AppError('validation', `Send the bytes as ${UPLOAD_MEDIA_TYPE}`, undefined, 415);
    const length = headerNumber(request.headers['content-length'], 'content_length');
    const state = await appendVideo(deps, request.params.pid, offset, length, request.body as Readable);
    return uploadHeaders(reply, state).send(state);
  });
}
