import { supportRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  addMessage,
  changeStatus,
  getConversation,
  listConversations,
  startConversation,
} from './support.service.js';

export function registerSupportRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, supportRoutes.create, async (request) =>
    startConversation(deps, actorOf(request), request.body),
  );

  serveRoute(app, supportRoutes.list, async (request) => listConversations(deps, actorOf(request)));

  serveRoute(app, supportRoutes.get, async (request) =>
    getConversation(deps, actorOf(request), request.params.id),
  );

  serveRoute(app, supportRoutes.reply, async (request) =>
    addMessage(deps, actorOf(request), request.params.id, request.body.message),
  );

  serveRoute(app, supportRoutes.update, async (request) =>
    changeStatus(deps, actorOf(request), request.params.id, request.body.status),
  );
}
