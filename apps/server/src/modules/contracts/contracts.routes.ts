import { contractRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  addBundle,
  createContract,
  removeBundle,
  renewContract,
  updateContract,
} from './contracts.service.js';

export function registerContractRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, contractRoutes.create, async (request) =>
    createContract(deps, actorOf(request), request.body),
  );

  // PUT takes the same partial change as PATCH.
  for (const route of [contractRoutes.update, contractRoutes.replace]) {
    serveRoute(app, route, async (request) =>
      updateContract(deps, actorOf(request), request.params.id, request.body),
    );
  }

  serveRoute(app, contractRoutes.renew, async (request) =>
    renewContract(deps, actorOf(request), request.params.id, request.body.months),
  );

  serveRoute(app, contractRoutes.createBundle, async (request) =>
    addBundle(deps, actorOf(request), request.body),
  );

  serveRoute(app, contractRoutes.deleteBundle, async (request) => {
    await removeBundle(deps, actorOf(request), request.params.id);
  });
}
