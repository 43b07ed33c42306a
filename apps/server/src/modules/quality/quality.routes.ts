import { qualityRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  getParticipantQuality,
  getTestQuality,
  qualityThresholds,
  setParticipantExclusion,
} from './quality.service.js';

export function registerQualityRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, qualityRoutes.test, async (request) => ({
    data: await getTestQuality(deps, actorOf(request), request.params.id, request.query.cohort),
  }));

  serveRoute(app, qualityRoutes.participant, async (request) => ({
    data: await getParticipantQuality(deps, actorOf(request), request.params.id, request.params.pid),
    thresholds: qualityThresholds(),
  }));

  serveRoute(app, qualityRoutes.update, async (request) => ({
    data: await setParticipantExclusion(
      deps,
      actorOf(request),
      request.params.id,
      request.params.pid,
      request.body.excluded_from_metrics,
    ),
    thresholds: qualityThresholds(),
  }));
}
