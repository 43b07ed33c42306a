import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAccessTokens } from './auth/access-tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Deps } from './deps.js';
import { createFileStore } from './files/create-file-store.js';
import type { FileStore } from './files/file-store.js';
import { registerAuthentication } from './http/authenticate.js';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.js';
import { createSignedUrls } from './http/signed-urls.js';
import { registerWebApp } from './http/web-app.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { registerAiRoutes } from './modules/ai/ai.routes.js';
import { registerAnnotationRoutes } from './modules/annotations/annotations.routes.js';
import { registerAnswerRoutes } from './modules/answers/answers.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerCompanyRoutes } from './modules/companies/companies.routes.js';
import { registerContractRoutes } from './modules/contracts/contracts.routes.js';
import { registerIngestionRoutes } from './modules/ingestion/ingestion.routes.js';
import { registerInsightRoutes } from './modules/insights/insights.routes.js';
import { registerParticipantRoutes } from './modules/participants/participants.routes.js';
import { registerResourceRoutes } from './modules/resources/resources.routes.js';
import { registerSuggestionRoutes } from './modules/suggestions/suggestions.routes.js';
import { registerSupportRoutes } from './modules/support/support.routes.js';
import { registerTestSetupRoutes } from './modules/test-setups/test-setups.routes.js';
import { registerTestRoutes } from './modules/tests/tests.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { registerVideoTestRoutes } from './modules/video-tests/video-tests.routes.js';

export type AppOptions = {
  config: Config;
  db: Database;
  jwtSecret: string;
  mailer?: Mailer;
  /** The file store; the configured one (S3 bucket or DATA_DIR/files) when not given. */
  files?: FileStore;
  clock?: () => Date;
};

const BODY_LIMIT = 1024 * 1024;

/** The whole HTTP application; `main.ts` listens with it, tests call `inject` on it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: BODY_LIMIT,
    frameworkErrors: answerFrameworkError,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: config.env === 'production',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const deps: Deps = {
    config,
    db: options.db,
    clock: options.clock ?? (() => new Date()),
    accessTokens: createAccessTokens(options.jwtSecret),
    signedUrls: createSignedUrls(options.jwtSecret),
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        outboxDir: path.join(config.dataDir, 'outbox'),
        from: config.mailFrom,
        logger: app.log,
      }),
    files: options.files ?? createFileStore(config),
    log: app.log,
  };

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Limbus API',
        version: '1.0.0',
        description: 'The calls of the Limbus web client under /api/v1.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerAuthentication(app, deps);
  await app.register(
    async (api) => {
      registerAuthRoutes(api, deps);
      registerUserRoutes(api, deps);
      registerCompanyRoutes(api, deps);
      registerContractRoutes(api, deps);
      registerTestRoutes(api, deps);
      registerParticipantRoutes(api, deps);
      registerVideoTestRoutes(api, deps);
      registerTestSetupRoutes(api, deps);
      registerIngestionRoutes(api, deps);
      registerSupportRoutes(api, deps);
      registerAnnotationRoutes(api, deps);
      registerAnswerRoutes(api, deps);
      registerInsightRoutes(api, deps);
      registerAiRoutes(api, deps);
      registerSuggestionRoutes(api, deps);
      registerResourceRoutes(api, deps);
      api.all('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
        reply.status(404).send({ code: 'not_found', message: `No route ${request.method} ${request.url}` }),
      );
    },
    { prefix: '/api/v1' },
  );
  await registerWebApp(app, config.webDist);
  return app;
}
