import { idParam, okSchema } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { startVideoProcessing } from './video-processing.service.js';

export function registerVideoTestRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A GET that starts work, as the spec's client calls it; no HEAD twin, so that a HEAD starts nothing.
  routes.get('/tests/:id/process_video_test', {
    config: { access: 'researcher' },
    exposeHeadRoute: false,
    schema: {
      tags: ['tests'],
      summary:
        'Starts processing a video test: internal_state becomes video_processing until the video participant is stored',
      params: z.strictObject({ id: idParam }),
      response: { 202: okSchema },
    },
    handler: async (request, reply) =>
      reply.status(202).send(await startVideoProcessing(deps, actorOf(request), request.params.id)),
  });
}
