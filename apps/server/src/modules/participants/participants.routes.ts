import multipart from '@fastify/multipart';
import { participantRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { actorOf } from '../../http/authenticate.js';
import { compressLargeAnswer } from '../../http/compress-answer.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { serveRoute } from '../../http/serve-route.js';
import { auditContextOf } from '../audit/audit.service.js';
import { participantDetailSerializer } from './participant-detail-serializer.js';
import { sendStreamBytes } from './participant-stream-reply.js';
import { uploadParticipantVideo } from './participant-video-upload.js';
import {
  deleteParticipant,
  getParticipant,
  getStreamBytes,
  listParticipants,
  participantVideoKey,
  toggleFavourite,
} from './participants.service.js';

export function registerParticipantRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, participantRoutes.list, async (request) =>
    listParticipants(deps, actorOf(request), request.params.id, request.query.cohort),
  );

  serveRoute(
    app,
    participantRoutes.get,
    async (request) =>
      getParticipant(deps, actorOf(request), auditContextOf(request), request.params.id, request.params.pid, {
        associations: request.query.associations ?? [],
        withVideo: request.query.fields?.includes('video') ?? false,
      }),
    { serializerCompiler: participantDetailSerializer, onSend: compressLargeAnswer },
  );

  serveRoute(app, participantRoutes.stream, async (request, reply) => {
    const { id, pid, kind } = request.params;
    const stored = await getStreamBytes(deps, actorOf(request), id, pid, kind);
    return sendStreamBytes(request, reply, stored);
  });

  serveRoute(app, participantRoutes.delete, async (request) => {
    await deleteParticipant(deps, actorOf(request), request.params.id, request.params.pid);
  });

  serveRoute(app, participantRoutes.video, async (request, reply) =>
    sendStoredFile(
      reply,
      deps.files,
      await participantVideoKey(deps, request.params.id, request.params.pid),
      'The recording of this participant',
      request.headers.range,
    ),
  );

  // The upload is multipart, in a scope of its own (another module may have registered the parser already).
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    serveRoute(scope, participantRoutes.upload, async (request) => {
      if (!request.isMultipart())
        throw new AppError(
          'validation',
          'Send the video as multipart/form-data in the field "video"',
          undefined,
          415,
        );
      const { id, pid } = request.params;
      return uploadParticipantVideo(deps, actorOf(request), id, pid, {
        body: request.raw,
        nextFile: () => request.file({ limits: { fileSize: deps.config.videoMaxBytes, files: 1 } }),
      });
    });
  });

  // A GET that changes state, as the spec's client calls it; no HEAD twin, so that a HEAD does not toggle.
  serveRoute(
    app,
    participantRoutes.favourite,
    async (request) => toggleFavourite(deps, actorOf(request), request.params.id, request.params.pid),
    { exposeHeadRoute: false },
  );
}
