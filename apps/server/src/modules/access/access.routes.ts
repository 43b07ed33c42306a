import { accessRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { auditContextOf } from '../audit/audit.service.js';
import { accessExport } from './access.service.js';

export function registerAccessRoutes(app: FastifyInstance, deps: Deps): void {
  // No HEAD twin: it would write the whole archive (and audit a download) to send nothing.
  serveRoute(
    app,
    accessRoutes.export,
    async (request, reply) => {
      const { fileName, body } = await accessExport(
        deps,
        actorOf(request),
        auditContextOf(request),
        request.params.id,
        request.params.pid,
      );
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(body);
    },
    { exposeHeadRoute: false },
  );
}
