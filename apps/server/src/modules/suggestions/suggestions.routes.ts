import { suggestionRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  createSuggestion,
  deleteSuggestion,
  getSuggestion,
  listSuggestions,
  updateSuggestion,
} from './suggestions.service.js';

export function registerSuggestionRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, suggestionRoutes.list, async (request) => ({
    data: { suggestions: await listSuggestions(deps, actorOf(request), request.params.id) },
  }));

  serveRoute(app, suggestionRoutes.get, async (request) => ({
    data: await getSuggestion(deps, actorOf(request), request.params.id, request.params.sid),
  }));

  serveRoute(app, suggestionRoutes.create, async (request) => ({
    data: await createSuggestion(deps, actorOf(request), request.params.id, request.body.suggestion),
  }));

  serveRoute(app, suggestionRoutes.update, async (request) => ({
    data: await updateSuggestion(
      deps,
      actorOf(request),
      request.params.id,
      request.params.sid,
      request.body.suggestion,
    ),
  }));

  serveRoute(app, suggestionRoutes.delete, async (request) => {
    await deleteSuggestion(deps, actorOf(request), request.params.id, request.params.sid);
  });
}
