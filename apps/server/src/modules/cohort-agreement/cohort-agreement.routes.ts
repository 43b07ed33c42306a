import { cohortAgreementRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { cohortAgreement } from './cohort-agreement.service.js';

export function registerCohortAgreementRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, cohortAgreementRoutes.get, async (request) => ({
    data: await cohortAgreement(deps, actorOf(request), request.params.id),
  }));
}
