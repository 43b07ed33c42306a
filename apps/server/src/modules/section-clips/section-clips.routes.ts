import { sectionClipsRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { compressLargeAnswer } from '../../http/compress-answer.js';
import { serveRoute } from '../../http/serve-route.js';
import { sectionClipsOf } from './section-clips.service.js';

export function registerSectionClipsRoutes(app: FastifyInstance, deps: Deps): void {
  // a page with many visitors holds some 4 columns × 300 points per clip: compressed like the participant answer
  serveRoute(
    app,
    sectionClipsRoutes.get,
    async (request) => ({
      data: await sectionClipsOf(
        deps,
        actorOf(request),
        request.params.id,
        request.query.label_id,
        request.query.cohort,
      ),
    }),
    { onSend: compressLargeAnswer },
  );
}
