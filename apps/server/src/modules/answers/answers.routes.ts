import { answerRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { createAnswer, removeAnswer, updateAnswer } from './answers.service.js';

/** A participant's questionnaire answers (spec 2 §4: created first, then updated; unchecking deletes). */
export function registerAnswerRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, answerRoutes.create, async (request) =>
    createAnswer(deps, actorOf(request), request.body.answer),
  );

  serveRoute(app, answerRoutes.update, async (request) =>
    updateAnswer(deps, actorOf(request), request.params.id, request.body.answer),
  );

  serveRoute(app, answerRoutes.delete, async (request) => {
    await removeAnswer(deps, actorOf(request), request.params.id);
  });
}
