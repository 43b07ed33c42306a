import {
  createSuggestionBody,
  idParam,
  suggestionAnswer,
  suggestionListAnswer,
  updateSuggestionBody,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import {
  createSuggestion,
  deleteSuggestion,
  getSuggestion,
  listSuggestions,
  updateSuggestion,
} from './suggestions.service.js';

const testParams = z.strictObject({ id: idParam });
const suggestionParams = z.strictObject({ id: idParam, sid: idParam });

/**
 * Suggestions are read by whoever reads the test; written by staff and by the users of the test's
 * company except demo users (policy 'suggestion.manage', docs/decisions.md).
 */
export function registerSuggestionRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['suggestions'];

  routes.get('/tests/:id/suggestions', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A test's suggestions by rank, 1 first (read as data.suggestions)",
      params: testParams,
      response: { 200: suggestionListAnswer },
    },
    handler: async (request) => ({
      data: { suggestions: await listSuggestions(deps, actorOf(request), request.params.id) },
    }),
  });

  routes.get('/tests/:id/suggestions/:sid', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'One suggestion (read as data)',
      params: suggestionParams,
      response: { 200: suggestionAnswer },
    },
    handler: async (request) => ({
      data: await getSuggestion(deps, actorOf(request), request.params.id, request.params.sid),
    }),
  });

  routes.post('/tests/:id/suggestions', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'A new suggestion, ranked last; its author is the signed-in user',
      params: testParams,
      body: createSuggestionBody,
      response: { 201: suggestionAnswer },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        data: await createSuggestion(deps, actorOf(request), request.params.id, request.body.suggestion),
      }),
  });

  routes.patch('/tests/:id/suggestions/:sid', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Change a suggestion; `rank` moves it there and renumbers the others from 1',
      params: suggestionParams,
      body: updateSuggestionBody,
      response: { 200: suggestionAnswer },
    },
    handler: async (request) => ({
      data: await updateSuggestion(
        deps,
        actorOf(request),
        request.params.id,
        request.params.sid,
        request.body.suggestion,
      ),
    }),
  });

  routes.delete('/tests/:id/suggestions/:sid', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Remove a suggestion; the later ones move up a rank',
      params: suggestionParams,
    },
    handler: async (request, reply) => {
      await deleteSuggestion(deps, actorOf(request), request.params.id, request.params.sid);
      return reply.status(204).send();
    },
  });
}
