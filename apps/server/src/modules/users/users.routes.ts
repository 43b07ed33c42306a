import { userRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf, signedInUserOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  deleteUser,
  getAllUsers,
  getCompanyUsers,
  getResearchers,
  getUser,
  inviteUser,
  updateUser,
} from './users.service.js';

export function registerUserRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, userRoutes.list, (request) => getAllUsers(deps, actorOf(request)));

  serveRoute(app, userRoutes.researchers, () => getResearchers(deps));

  // the user the request was authenticated with: no query (http/actor-cache.ts)
  serveRoute(app, userRoutes.me, async (request) => signedInUserOf(request).user);

  serveRoute(app, userRoutes.get, (request) => getUser(deps, actorOf(request), request.params.id));

  serveRoute(app, userRoutes.create, (request) => inviteUser(deps, actorOf(request), request.body));

  // PUT takes the same partial change as PATCH.
  for (const route of [userRoutes.update, userRoutes.replace]) {
    serveRoute(app, route, (request) => updateUser(deps, actorOf(request), request.params.id, request.body));
  }

  serveRoute(app, userRoutes.delete, async (request) => {
    await deleteUser(deps, actorOf(request), request.params.id);
  });

  serveRoute(app, userRoutes.ofCompany, (request) =>
    getCompanyUsers(deps, actorOf(request), request.params.id, request.query.role),
  );
}
