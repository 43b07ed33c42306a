import { testListAnswer, testListQuery } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { listTests } from './tests.service.js';

export function registerTestRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/tests', {
    config: { access: 'user' },
    schema: {
      tags: ['tests'],
      summary: 'Tests the user may see, newest first (?homepage=1: the 4 most recent)',
      querystring: testListQuery,
      response: { 200: testListAnswer },
    },
    handler: async (request) =>
      listTests(deps, actorOf(request), { homepage: ['1', 'true'].includes(request.query.homepage ?? '') }),
  });
}
