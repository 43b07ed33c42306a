import { retentionRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { auditContextOf } from '../audit/audit.service.js';
import { getRetentionPolicy, updateRetentionPolicy } from './retention.service.js';

export function registerRetentionRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, retentionRoutes.get, async (request) => ({
    data: await getRetentionPolicy(deps, actorOf(request), request.params.id),
  }));

  serveRoute(app, retentionRoutes.update, async (request) => ({
    data: await updateRetentionPolicy(
      deps,
      actorOf(request),
      auditContextOf(request),
      request.params.id,
      request.body,
    ),
  }));
}
