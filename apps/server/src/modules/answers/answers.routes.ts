import { answerParams, answerSchema, createAnswerBody, updateAnswerBody } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { createAnswer, removeAnswer, updateAnswer } from './answers.service.js';

/** A participant's questionnaire answers (spec 2 §4: created first, then updated; unchecking deletes). */
export function registerAnswerRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['answers'];

  routes.post('/answers', {
    config: { access: 'researcher' },
    schema: {
      tags,
      summary: 'Answer a question for a participant of the same test; answers it with its id',
      body: createAnswerBody,
      response: { 201: answerSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createAnswer(deps, actorOf(request), request.body.answer)),
  });

  routes.patch('/answers/:id', {
    config: { access: 'researcher' },
    schema: {
      tags,
      summary: 'Change an answer',
      params: answerParams,
      body: updateAnswerBody,
      response: { 200: answerSchema },
    },
    handler: async (request) => updateAnswer(deps, actorOf(request), request.params.id, request.body.answer),
  });

  routes.delete('/answers/:id', {
    config: { access: 'researcher' },
    schema: { tags, summary: 'Remove an answer (an association unchecked)', params: answerParams },
    handler: async (request, reply) => {
      await removeAnswer(deps, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
