import { idParam, testDetailSchema, testListAnswer, testListQuery } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { getTest, listTests } from './tests.service.js';

const idParams = z.strictObject({ id: idParam });

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

  routes.get('/tests/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['tests'],
      summary: 'One test with its company (the results shell)',
      params: idParams,
      response: { 200: testDetailSchema },
    },
    handler: async (request) => getTest(deps, actorOf(request), request.params.id),
  });
}
