import { testSetupRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  createTestSetup,
  listTestSetups,
  removeTestSetup,
  rotateTestSetupKey,
  updateTestSetup,
} from './test-setups.service.js';

export function registerTestSetupRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, testSetupRoutes.list, async () => listTestSetups(deps));

  serveRoute(app, testSetupRoutes.create, async (request) => createTestSetup(deps, request.body));

  serveRoute(app, testSetupRoutes.update, async (request) =>
    updateTestSetup(deps, request.params.id, request.body),
  );

  serveRoute(app, testSetupRoutes.rotateKey, async (request) => rotateTestSetupKey(deps, request.params.id));

  serveRoute(app, testSetupRoutes.delete, async (request) => {
    await removeTestSetup(deps, request.params.id);
  });
}
