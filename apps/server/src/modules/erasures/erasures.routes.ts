import { erasureRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { auditContextOf } from '../audit/audit.service.js';
import { eraseParticipant, getErasure, listErasures } from './erasures.service.js';

export function registerErasureRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, erasureRoutes.erase, async (request) => ({
    data: await eraseParticipant(
      deps,
      actorOf(request),
      auditContextOf(request),
      request.params.id,
      request.params.pid,
    ),
  }));

  serveRoute(app, erasureRoutes.list, async (request) => ({
    data: await listErasures(deps, actorOf(request), request.params.id),
  }));

  serveRoute(app, erasureRoutes.get, async (request) => ({
    data: await getErasure(deps, actorOf(request), request.params.id, request.params.eid),
  }));
}
