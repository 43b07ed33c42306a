import { benchmarkRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { testBenchmark } from './benchmark.service.js';

export function registerBenchmarkRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, benchmarkRoutes.get, async (request) => ({
    data: await testBenchmark(deps, actorOf(request), request.params.id, request.query.cohort),
  }));
}
