import multipart from '@fastify/multipart';
import {
  categoryListAnswer,
  deleteTestAnswer,
  flowListAnswer,
  idParam,
  signedUrlQuery,
  testDeletedMessage,
  testDetailSchema,
  testListAnswer,
  testListQuery,
  testWriteBody,
} from '@limbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { type MultipartForm, readMultipartForm } from './test-form.js';
import {
  assertMayOrderAny,
  createTest,
  deleteTest,
  findChangeableTest,
  updateTest,
} from './test-orders.service.js';
import { maxTestVideoBytes } from './test-video.js';
import { getTest, listCategories, listFlows, listTests, testVideoKey } from './tests.service.js';

const idParams = z.strictObject({ id: idParam });

const WRITE_DESCRIPTION =
  'Body: JSON `{ "test": {...} }` (testWriteBody of the contract) or multipart/form-data with `test[field]` keys: ' +
  '`test[addons][]`, `test[focus_elements][]`, `test[open_questions][0][text]` / `[id]` / `[_destroy]` (same for ' +
  'associations and evaluations) and the video file as `test[video]` (MKV, MP4 or MOV, checked by its content).';

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
      summary: 'One test: the whole Test entity with its questions, participants and tags',
      params: idParams,
      response: { 200: testDetailSchema },
    },
    handler: async (request) => getTest(deps, actorOf(request), request.params.id),
  });

  routes.delete('/tests/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['tests'],
      summary: "Delete a test: a draft by its company's users, any test by staff",
      params: idParams,
      response: { 200: deleteTestAnswer },
    },
    handler: async (request) => {
      await deleteTest(deps, actorOf(request), request.params.id);
      return { message: testDeletedMessage };
    },
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

  routes.get('/categories', {
    config: { access: 'user' },
    schema: { tags: ['tests'], summary: 'Test categories', response: { 200: categoryListAnswer } },
    handler: async () => listCategories(deps),
  });

  routes.get('/flows', {
    config: { access: 'user' },
    schema: { tags: ['tests'], summary: 'Test flows', response: { 200: flowListAnswer } },
    handler: async () => listFlows(deps),
  });

  // The multipart parser only where a form with a video is accepted.
  app.register(async (writes) => {
    if (!writes.hasContentTypeParser('multipart/form-data')) await writes.register(multipart);
    registerTestWriteRoutes(writes, deps);
  });
}

function registerTestWriteRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const forms = new WeakMap<FastifyRequest, MultipartForm>();
  app.addHook('onResponse', async (request) => forms.get(request)?.cleanup());
  /**
   * A multipart body becomes `request.body` before validation. Who asks is checked before it is
   * read (an upload may be large); `precheck` answers false to leave it unread (bad params).
   */
  const readForm =
    (precheck: (request: FastifyRequest) => Promise<boolean>) => async (request: FastifyRequest) => {
      if (!request.isMultipart() || !(await precheck(request))) return;
      const form = await readMultipartForm(request, maxTestVideoBytes(deps));
      forms.set(request, form);
      request.body = form.body;
    };
  const videoOf = (request: FastifyRequest) => forms.get(request)?.video ?? null;

  routes.post('/tests', {
    config: { access: 'user' },
    schema: {
      tags: ['tests'],
      summary: 'Order a test (state draft, or requested: takes a credit of its type)',
      description: WRITE_DESCRIPTION,
      body: testWriteBody,
      response: { 201: testDetailSchema },
    },
    preValidation: readForm(async (request) => {
      assertMayOrderAny(actorOf(request));
      return true;
    }),
    handler: async (request, reply) => {
      const input = { fields: request.body.test, video: videoOf(request) };
      return reply.status(201).send(await createTest(deps, actorOf(request), input));
    },
  });

  routes.patch('/tests/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['tests'],
      summary: 'Change a test: client users their drafts, staff any test and field',
      description: WRITE_DESCRIPTION,
      params: idParams,
      body: testWriteBody,
      response: { 200: testDetailSchema },
    },
    preValidation: readForm(async (request) => {
      const params = idParams.safeParse(request.params);
      if (params.success) {
        await findChangeableTest(deps.db, actorOf(request), params.data.id, undefined, {
          missingVideo: true,
        });
      }
      return params.success;
    }),
    handler: async (request) =>
      updateTest(deps, actorOf(request), request.params.id, {
        fields: request.body.test,
        video: videoOf(request),
      }),
  });
}
