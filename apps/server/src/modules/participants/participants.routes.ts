import multipart from '@fastify/multipart';
import {
  type ParticipantDetail,
  participantDetailSchema,
  participantListAnswer,
  participantListParams,
  participantParams,
  participantQuery,
  participantSummarySchema,
  participantVideoQuery,
  STREAM_MEDIA_TYPE,
  streamParams,
  videoParticipantQuery,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { actorOf } from '../../http/authenticate.js';
import { compressLargeAnswer } from '../../http/compress-answer.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { sendStreamBytes } from './participant-stream-reply.js';
import { uploadParticipantVideo } from './participant-video-upload.js';
import {
  deleteParticipant,
  getParticipant,
  getStreamBytes,
  getVideoParticipant,
  listParticipants,
  participantVideoKey,
  toggleFavourite,
} from './participants.service.js';

/**
 * The participant answer can hold some 230k samples. Checking each with zod would cost more than
 * building them, so this route checks everything but the three sample arrays (which the mappers
 * build from typed arrays, field by field) and then stringifies; the contract's full schema
 * still documents the answer in OpenAPI.
 */
const detailWithoutSamples = participantDetailSchema.omit({ emotions: true, eyes: true, mice: true });
function serializeDetail(detail: ParticipantDetail): string {
  const { emotions: _emotions, eyes: _eyes, mice: _mice, ...rest } = detail;
  detailWithoutSamples.parse(rest);
  return JSON.stringify(detail);
}
const detailSerializer = () => (data: unknown) => serializeDetail(data as ParticipantDetail);

export function registerParticipantRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['participants'];

  routes.get('/tests/:id/participants', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Participants of a test (type default)',
      params: participantListParams,
      response: { 200: participantListAnswer },
    },
    handler: async (request) => listParticipants(deps, actorOf(request), request.params.id),
  });

  routes.get('/tests/:id/participants/:pid', {
    config: { access: 'user' },
    schema: {
      tags,
      summary:
        'A participant with the associations asked for (?associations=emotions,mice,eyes,sections,significant_points&fields=video)',
      params: participantParams,
      querystring: participantQuery,
      response: { 200: participantDetailSchema },
    },
    serializerCompiler: detailSerializer,
    onSend: compressLargeAnswer,
    handler: async (request) =>
      getParticipant(deps, actorOf(request), request.params.id, request.params.pid, {
        associations: request.query.associations ?? [],
        withVideo: request.query.fields?.includes('video') ?? false,
      }),
  });

  routes.get('/tests/:id/participants/:pid/streams/:kind', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: `One sample stream in the compact columnar form (${STREAM_MEDIA_TYPE}, docs/recorded-data.md)`,
      description:
        'The stored brotli bytes are sent as they are with Content-Encoding br when the request accepts br; ' +
        'otherwise gzip or the plain codec bytes. Carries an ETag; If-None-Match answers 304.',
      params: streamParams,
    },
    handler: async (request, reply) => {
      const { id, pid, kind } = request.params;
      const stored = await getStreamBytes(deps, actorOf(request), id, pid, kind);
      return sendStreamBytes(request, reply, stored);
    },
  });

  routes.get('/participants/get_video_participant', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The result of video processing: the participant of type video_heatmap, with moments',
      querystring: videoParticipantQuery,
      response: { 200: participantDetailSchema },
    },
    serializerCompiler: detailSerializer,
    onSend: compressLargeAnswer,
    handler: async (request) => getVideoParticipant(deps, actorOf(request), request.query.test_id),
  });

  routes.delete('/tests/:id/participants/:pid', {
    config: { access: 'researcher' },
    schema: { tags, summary: 'Remove a participant with its recording', params: participantParams },
    handler: async (request, reply) => {
      await deleteParticipant(deps, actorOf(request), request.params.id, request.params.pid);
      return reply.status(204).send();
    },
  });

  routes.get('/tests/:id/participants/:pid/video', {
    config: { access: 'signed' },
    schema: {
      tags,
      summary:
        "The participant's screen recording, by the signed URL in the participant's `video` field (Range requests seek)",
      params: participantParams,
      querystring: participantVideoQuery,
    },
    handler: async (request, reply) =>
      sendStoredFile(
        reply,
        deps.files,
        await participantVideoKey(deps, request.params.id, request.params.pid),
        'The recording of this participant',
        request.headers.range,
      ),
  });

  // The upload is multipart, in a scope of its own (another module may have registered the parser already).
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    scope.withTypeProvider<ZodTypeProvider>().patch('/tests/:id/participants/:pid', {
      config: { access: 'researcher' },
      schema: {
        tags,
        summary:
          "Upload the participant's screen recording (multipart field `video`; MKV, MP4 or MOV, checked by content); answers the participant",
        consumes: ['multipart/form-data'],
        params: participantParams,
        response: { 200: participantSummarySchema },
      },
      handler: async (request) => {
        if (!request.isMultipart())
          throw new AppError(
            'validation',
            'Send the video as multipart/form-data in the field "video"',
            undefined,
            415,
          );
        const { id, pid } = request.params;
        return uploadParticipantVideo(deps, actorOf(request), id, pid, () =>
          request.file({ limits: { fileSize: deps.config.videoMaxBytes, files: 1 } }),
        );
      },
    });
  });

  // A GET that changes state, as the spec's client calls it; no HEAD twin, so that a HEAD does not toggle.
  routes.get('/tests/:id/participants/:pid/favourite', {
    config: { access: 'user' },
    exposeHeadRoute: false,
    schema: {
      tags,
      summary: 'Toggles the favourite mark of a participant; answers the participant',
      params: participantParams,
      response: { 200: participantSummarySchema },
    },
    handler: async (request) =>
      toggleFavourite(deps, actorOf(request), request.params.id, request.params.pid),
  });
}
