import {
  createSupportConversationBody,
  idParam,
  supportConversationListAnswer,
  supportReplyBody,
  supportThreadSchema,
  updateSupportConversationBody,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import {
  addMessage,
  changeStatus,
  getConversation,
  listConversations,
  startConversation,
} from './support.service.js';

const idParams = z.strictObject({ id: idParam });

export function registerSupportRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];

  routes.post('/support/conversations', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Start a support conversation with the provider’s staff',
      body: createSupportConversationBody,
      response: { 201: supportThreadSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await startConversation(deps, actorOf(request), request.body)),
  });

  routes.get('/support/conversations', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Support conversations: one’s own, or every one to staff; newest activity first',
      response: { 200: supportConversationListAnswer },
    },
    handler: async (request) => listConversations(deps, actorOf(request)),
  });

  routes.get('/support/conversations/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'A support conversation with its messages',
      params: idParams,
      response: { 200: supportThreadSchema },
    },
    handler: async (request) => getConversation(deps, actorOf(request), request.params.id),
  });

  routes.post('/support/conversations/:id/messages', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Write in a support conversation (its starter or staff)',
      params: idParams,
      body: supportReplyBody,
      response: { 201: supportThreadSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await addMessage(deps, actorOf(request), request.params.id, request.body.message)),
  });

  routes.patch('/support/conversations/:id', {
    config: { access: 'researcher' },
    schema: {
      tags,
      summary: 'Close or reopen a support conversation (staff)',
      params: idParams,
      body: updateSupportConversationBody,
      response: { 200: supportThreadSchema },
    },
    handler: async (request) => changeStatus(deps, actorOf(request), request.params.id, request.body.status),
  });
}
