import {
  createInsightBody,
  idParam,
  insightAnswer,
  insightListAnswer,
  updateInsightBody,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { createInsight, deleteInsight, getInsight, listInsights, updateInsight } from './insights.service.js';

const testParams = z.strictObject({ id: idParam });
const insightParams = z.strictObject({ id: idParam, iid: idParam });

export function registerInsightRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['insights'];

  routes.get('/tests/:id/insights', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A test's insights by number, with their significant points (read as data.insights)",
      params: testParams,
      response: { 200: insightListAnswer },
    },
    handler: async (request) => ({
      data: { insights: await listInsights(deps, actorOf(request), request.params.id) },
    }),
  });

  routes.get('/tests/:id/insights/:iid', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'One insight (read as data)',
      params: insightParams,
      response: { 200: insightAnswer },
    },
    handler: async (request) => ({
      data: await getInsight(deps, actorOf(request), request.params.id, request.params.iid),
    }),
  });

  routes.post('/tests/:id/insights', {
    config: { access: 'researcher' },
    schema: {
      tags,
      summary: "A new insight, numbered after the test's last (research area)",
      params: testParams,
      body: createInsightBody,
      response: { 201: insightAnswer },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        data: await createInsight(deps, actorOf(request), request.params.id, request.body.insight),
      }),
  });

  routes.patch('/tests/:id/insights/:iid', {
    config: { access: 'researcher' },
    schema: {
      tags,
      summary: 'Change an insight, its linked significant points and its highlight (research area)',
      params: insightParams,
      body: updateInsightBody,
      response: { 200: insightAnswer },
    },
    handler: async (request) => ({
      data: await updateInsight(
        deps,
        actorOf(request),
        request.params.id,
        request.params.iid,
        request.body.insight,
      ),
    }),
  });

  routes.delete('/tests/:id/insights/:iid', {
    config: { access: 'researcher' },
    schema: {
      tags,
      summary: 'Remove an insight; the later ones move up a number (research area)',
      params: insightParams,
    },
    handler: async (request, reply) => {
      await deleteInsight(deps, actorOf(request), request.params.id, request.params.iid);
      return reply.status(204).send();
    },
  });
}
