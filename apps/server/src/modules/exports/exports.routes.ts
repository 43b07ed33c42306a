import { Readable } from 'node:stream';
import { EXPORT_ROWS_HEADER, exportRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { auditContextOf } from '../audit/audit.service.js';
import { prepareExport } from './exports.service.js';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

export function registerExportRoutes(app: FastifyInstance, deps: Deps): void {
  // No HEAD twin: it would produce the whole export to send nothing.
  serveRoute(
    app,
    exportRoutes.download,
    async (request, reply) => {
      const format = request.query.format ?? 'csv';
      const prepared = await prepareExport(
        deps,
        actorOf(request),
        auditContextOf(request),
        request.params.id,
        {
          kind: request.params.kind,
          format,
          participantId: request.query.participant_id,
          cohort: request.query.cohort,
        },
      );
      reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${prepared.fileName}"`)
        .header('cache-control', 'private, no-store');
      if (prepared.rows !== null) reply.header(EXPORT_ROWS_HEADER, String(prepared.rows));
      // Written to the reply as it is produced, with backpressure: a slow reader pauses the export.
      return reply.send(Readable.from(prepared.body));
    },
    { exposeHeadRoute: false },
  );
}
