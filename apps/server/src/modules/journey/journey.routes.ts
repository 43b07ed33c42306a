import { journeyRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { testJourney } from './journey.service.js';

export function registerJourneyRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, journeyRoutes.get, async (request) => ({
    data: await testJourney(deps, actorOf(request), request.params.id, request.query.cohort),
  }));
}
