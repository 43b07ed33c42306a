import { AI_INSIGHT_FIELDS, aiPromptBody, aiTextAnswer, idParam } from '@limbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { createAiProvider } from './ai.provider.js';
import { writeFreeText, writeInsightField } from './ai.service.js';

const fieldParams = z.strictObject({ id: idParam, iid: idParam, field: z.enum(AI_INSIGHT_FIELDS) });

/** AI text for the research area: the server asks the model, so keys never reach the browser (DESIGN §4). */
export function registerAiRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const provider = createAiProvider(deps.config.ai);
  const tags = ['ai'];
  // Per user, counted after authentication (preHandler), so that one account cannot run up the model's bill.
  const rateLimit = {
    max: deps.config.aiRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `ai:${actorOf(request).id}`,
  };

  routes.post('/tests/:id/insights/:iid/ai/:field', {
    config: { access: 'researcher', rateLimit },
    schema: {
      tags,
      summary:
        "New text for an insight's explanation, summary or suggestion, from the saved insight and its linked points; nothing is saved (research area)",
      params: fieldParams,
      response: { 200: aiTextAnswer },
    },
    handler: async (request) =>
      writeInsightField(deps, provider, actorOf(request), {
        testId: request.params.id,
        insightId: request.params.iid,
        field: request.params.field,
      }),
  });

  routes.post('/ai/prompt', {
    config: { access: 'researcher', rateLimit },
    schema: {
      tags,
      summary: 'Free text from a prompt, or a prompt about a text, as HTML (research area)',
      body: aiPromptBody,
      response: { 200: aiTextAnswer },
    },
    handler: async (request) => writeFreeText(provider, request.body),
  });
}
