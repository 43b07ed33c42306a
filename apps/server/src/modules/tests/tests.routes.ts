import { idParam, signedUrlQuery, testDetailSchema, testListAnswer, testListQuery } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { getTest, listTests, testVideoKey } from './tests.service.js';

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

  routes.get('/tests/:id/video', {
    config: { access: 'signed' },
    schema: {
      tags: ['tests'],
      summary: "The test's video, by the signed URL in the test's `video` field (Range requests seek)",
      params: idParams,
      querystring: signedUrlQuery,
    },
    handler: async (request, reply) =>
      sendStoredFile(
        reply,
        deps.files,
        await testVideoKey(deps, request.params.id),
        'The video of this test',
        request.headers.range,
      ),
  });
}
