import { insightRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { createInsight, deleteInsight, getInsight, listInsights, updateInsight } from './insights.service.js';

export function registerInsightRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, insightRoutes.list, async (request) => ({
    data: { insights: await listInsights(deps, actorOf(request), request.params.id) },
  }));

  serveRoute(app, insightRoutes.get, async (request) => ({
    data: await getInsight(deps, actorOf(request), request.params.id, request.params.iid),
  }));

  serveRoute(app, insightRoutes.create, async (request) => ({
    data: await createInsight(deps, actorOf(request), request.params.id, request.body.insight),
  }));

  serveRoute(app, insightRoutes.update, async (request) => ({
    data: await updateInsight(
      deps,
      actorOf(request),
      request.params.id,
      request.params.iid,
      request.body.insight,
    ),
  }));

  serveRoute(app, insightRoutes.delete, async (request) => {
    await deleteInsight(deps, actorOf(request), request.params.id, request.params.iid);
  });
}
