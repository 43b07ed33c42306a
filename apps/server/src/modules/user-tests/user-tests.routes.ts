import multipart from '@fastify/multipart';
import { idParams, testDeletedMessage, testRoutes } from '@limbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { assertSomethingToChange, serveRoute } from '../../http/serve-route.js';
import { listTestFiles } from './test-files.service.js';
import { type MultipartForm, readMultipartForm } from './test-form.js';
import type { TestListCache } from './test-list-cache.js';
import {
  assertMayOrderAny,
  createTest,
  deleteTest,
  findChangeableTest,
  updateTest,
} from './test-orders.service.js';
import { maxTestVideoBytes } from './test-video.js';
import { getTest, listCategories, listFlows, listTests, testVideoKey } from './user-tests.service.js';

export function registerTestRoutes(app: FastifyInstance, deps: Deps & { testLists: TestListCache }): void {
  serveRoute(app, testRoutes.list, async (request) =>
    listTests(deps.testLists, actorOf(request), {
      homepage: ['1', 'true'].includes(request.query.homepage ?? ''),
    }),
  );

  serveRoute(app, testRoutes.get, async (request) => getTest(deps, actorOf(request), request.params.id));

  serveRoute(app, testRoutes.delete, async (request) => {
    await deleteTest(deps, actorOf(request), request.params.id);
    return { message: testDeletedMessage };
  });

  serveRoute(app, testRoutes.video, async (request, reply) =>
    sendStoredFile(
      reply,
      deps.files,
      await testVideoKey(deps, request.params.id),
      'The video of this test',
      request.headers.range,
    ),
  );

  serveRoute(app, testRoutes.categories, async () => listCategories(deps));

  serveRoute(app, testRoutes.flows, async () => listFlows(deps));

  serveRoute(app, testRoutes.files, async (request) => ({
    files: await listTestFiles(deps, actorOf(request), request.params.id),
  }));

  // The multipart parser only where a form with a video is accepted.
  app.register(async (writes) => {
    if (!writes.hasContentTypeParser('multipart/form-data')) await writes.register(multipart);
    registerTestWriteRoutes(writes, deps);
  });
}

function registerTestWriteRoutes(app: FastifyInstance, deps: Deps): void {
  const forms = new WeakMap<FastifyRequest, MultipartForm>();
  app.addHook('onResponse', async (request) => forms.get(request)?.cleanup());
  /**
   * A multipart body becomes `request.body` before validation. Who asks is checked before it is
   * read (an upload may be large); `precheck` answers false to leave it unread (bad params).
   */
  const readForm =
    (precheck: (request: FastifyRequest) => Promise<boolean>) => async (request: FastifyRequest) => {
      if (!request.isMultipart() || !(await precheck(request))) return;
      const form = await readMultipartForm(request, {
        maxVideoBytes: maxTestVideoBytes(deps),
        idleMs: deps.config.uploadIdleTimeoutMs,
        dataDir: deps.config.dataDir,
      });
      forms.set(request, form);
      request.body = form.body;
    };
  const videoOf = (request: FastifyRequest) => forms.get(request)?.video ?? null;

  serveRoute(
    app,
    testRoutes.create,
    async (request) =>
      createTest(deps, actorOf(request), { fields: request.body.test, video: videoOf(request) }),
    {
      preValidation: readForm(async (request) => {
        assertMayOrderAny(actorOf(request));
        return true;
      }),
    },
  );

  serveRoute(
    app,
    testRoutes.update,
    async (request) => {
      const video = videoOf(request);
      if (!video) assertSomethingToChange(request.body);
      return updateTest(deps, actorOf(request), request.params.id, { fields: request.body.test, video });
    },
    {
      preValidation: readForm(async (request) => {
        const params = idParams.safeParse(request.params);
        if (params.success) {
          await findChangeableTest(deps.db, actorOf(request), params.data.id, undefined, {
            missingVideo: true,
          });
        }
        return params.success;
      }),
    },
  );
}
