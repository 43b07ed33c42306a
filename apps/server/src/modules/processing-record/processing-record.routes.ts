import { processingRecordRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { getProcessingRecord } from './processing-record.service.js';

export function registerProcessingRecordRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, processingRecordRoutes.get, async (request) => ({
    data: await getProcessingRecord(deps, actorOf(request), request.params.id),
  }));
}
