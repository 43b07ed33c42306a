import { aiRoutes } from '@limbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  aiUsageOf,
  changeAiSettings,
  companyAiUsage,
  writeFreeText,
  writeInsightField,
} from './ai.service.js';
import { createAiProvider } from './create-ai-provider.js';
import { readInsightGeneration, requestInsightGeneration } from './insight-generation.service.js';
import { translateComments } from './translation.service.js';

/** AI text for the research area: the server asks the model, so keys never reach the browser (DESIGN §4). */
export function registerAiRoutes(app: FastifyInstance, deps: Deps): void {
  const provider = createAiProvider(deps.config.ai);
  // Per user, counted after authentication (preHandler), so that one account cannot run up the model's bill.
  const rateLimit = {
    max: deps.config.aiRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `ai:${actorOf(request).id}`,
  };

  serveRoute(
    app,
    aiRoutes.insightText,
    async (request) =>
      writeInsightField(deps, provider, actorOf(request), {
        testId: request.params.id,
        insightId: request.params.iid,
        field: request.params.field,
      }),
    { rateLimit },
  );

  serveRoute(
    app,
    aiRoutes.prompt,
    async (request) => writeFreeText(deps, provider, actorOf(request), request.body),
    {
      rateLimit,
    },
  );

  // The model is asked by the generate_insight job (insight-generation-job.ts), which a worker may run.
  serveRoute(
    app,
    aiRoutes.generateInsight,
    async (request) => requestInsightGeneration(deps, actorOf(request), request.params.id, request.body),
    { rateLimit },
  );

  // Polled every second by the wizard: not counted against the AI rate limit.
  serveRoute(app, aiRoutes.insightGeneration, async (request) =>
    readInsightGeneration(deps, actorOf(request), request.params.id, request.params.gid),
  );

  serveRoute(
    app,
    aiRoutes.translateComments,
    async (request) => translateComments(deps, provider, actorOf(request), request.params.id),
    { rateLimit },
  );

  serveRoute(app, aiRoutes.usage, async (request) =>
    aiUsageOf(deps, provider, actorOf(request), request.params.id),
  );

  serveRoute(app, aiRoutes.companyUsage, async (request) =>
    companyAiUsage(deps, actorOf(request), request.params.id),
  );

  serveRoute(app, aiRoutes.settings, async (request) =>
    changeAiSettings(deps, actorOf(request), request.params.id, request.body),
  );
}
