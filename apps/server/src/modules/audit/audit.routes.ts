import { Readable } from 'node:stream';
import { auditRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { exportAudit, listAudit, verifyAudit } from './audit.service.js';

export function registerAuditRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, auditRoutes.list, async (request) => listAudit(deps, actorOf(request), request.query));

  // No HEAD twin: it would read the whole trail to send nothing.
  serveRoute(
    app,
    auditRoutes.export,
    async (request, reply) => {
      const body = exportAudit(deps, actorOf(request), request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="limbus-audit-trail.csv"')
        .header('cache-control', 'private, no-store');
      return reply.send(Readable.from(body));
    },
    { exposeHeadRoute: false },
  );

  serveRoute(app, auditRoutes.verification, async () => ({ data: await verifyAudit(deps) }));
}
