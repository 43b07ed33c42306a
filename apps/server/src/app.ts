import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_GROUP_DESCRIPTIONS, apiRoutes, buildOpenApiDocument } from '@limbus/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAccessTokens } from './auth/access-tokens.js';
import type { Config } from './config.js';
import { createChangeListener } from './db/change-listener.js';
import type { Database } from './db/client.js';
import { demoShopSite, registerDemoShop } from './demo/demo-shop.js';
import { DEMO_VIEWER_GENERATOR } from './demo/demo-viewer-generator.js';
import type { Deps } from './deps.js';
import { createFileStore } from './files/create-file-store.js';
import type { FileStore } from './files/file-store.js';
import { createActorCache } from './http/actor-cache.js';
import { registerAuthentication } from './http/authenticate.js';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.js';
import { postgresRateLimitStore } from './http/rate-limit-store.js';
import { createSignedUrls } from './http/signed-urls.js';
import { removeStaleUploads } from './http/upload-guard.js';
import { registerWebApp } from './http/web-app.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { registerAccessRoutes } from './modules/access/access.routes.js';
import { registerAiRoutes } from './modules/ai/ai.routes.js';
import { registerAnnotationRoutes } from './modules/annotations/annotations.routes.js';
import { registerAnswerRoutes } from './modules/answers/answers.routes.js';
import { registerAuditRoutes } from './modules/audit/audit.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerBenchmarkRoutes } from './modules/benchmark/benchmark.routes.js';
import { registerCohortAgreementRoutes } from './modules/cohort-agreement/cohort-agreement.routes.js';
import { registerCompanyRoutes } from './modules/companies/companies.routes.js';
import { registerConsentRoutes } from './modules/consent/consent.routes.js';
import { registerContractRoutes } from './modules/contracts/contracts.routes.js';
import { registerErasureRoutes } from './modules/erasures/erasures.routes.js';
import { registerEvidenceReelRoutes } from './modules/evidence-reels/evidence-reels.routes.js';
import { registerExportRoutes } from './modules/exports/exports.routes.js';
import { registerHeatmapRoutes } from './modules/heatmaps/heatmaps.routes.js';
import { forgetErasedStreams } from './modules/heatmaps/heatmaps.service.js';
import { registerIngestionRoutes } from './modules/ingestion/ingestion.routes.js';
import { registerInsightRoutes } from './modules/insights/insights.routes.js';
import { registerJourneyRoutes } from './modules/journey/journey.routes.js';
import { registerParticipantRoutes } from './modules/participants/participants.routes.js';
import { registerPredictionRoutes } from './modules/predictions/predictions.routes.js';
import { registerProcessingRecordRoutes } from './modules/processing-record/processing-record.routes.js';
import { registerQualityRoutes } from './modules/quality/quality.routes.js';
import { registerRemoteStudyRoutes } from './modules/remote-studies/remote-studies.routes.js';
import {
  findRemoteLink,
  findRemoteSession,
  webcamQualityOf,
} from './modules/remote-studies/remote-studies.service.js';
import { registerResourceRoutes } from './modules/resources/resources.routes.js';
import { registerRetentionRoutes } from './modules/retention/retention.routes.js';
import { registerSectionClipsRoutes } from './modules/section-clips/section-clips.routes.js';
import { registerShareLinkRoutes } from './modules/share-links/share-links.routes.js';
import { findShareGrant } from './modules/share-links/share-links.service.js';
import { registerSuggestionRoutes } from './modules/suggestions/suggestions.routes.js';
import { registerSupportRoutes } from './modules/support/support.routes.js';
import { registerTestSetupRoutes } from './modules/test-setups/test-setups.routes.js';
import { findSetupByKey } from './modules/test-setups/test-setups.service.js';
import { createTestListCache } from './modules/user-tests/test-list-cache.js';
import { registerTestRoutes } from './modules/user-tests/user-tests.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { loadSignedInUser } from './modules/users/users.service.js';
import { registerVideoTestRoutes } from './modules/video-tests/video-tests.routes.js';
import { registerVoiceRoutes } from './modules/voice/voice.routes.js';

export type AppOptions = {
  config: Config;
  db: Database;
  jwtSecret: string;
  mailer?: Mailer;
  /** The file store; the configured one (S3 bucket or DATA_DIR/files) when not given. */
  files?: FileStore;
  clock?: () => Date;
  /** Waits `ms` (the sign-in slow-down); a real timer when not given. */
  sleep?: (ms: number) => Promise<void>;
};

const BODY_LIMIT = 1024 * 1024;

/** Browser features the product never uses, turned off for it and anything it embeds. */
const PERMISSIONS_POLICY_REST = [
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'interest-cohort=()',
  'browsing-topics=()',
  'fullscreen=(self)',
];
const PERMISSIONS_POLICY = ['camera=()', 'microphone=()', ...PERMISSIONS_POLICY_REST].join(', ');
/**
 * A remote study's participant pages (`/p/{token}`, always opened as a document of their own) track
 * gaze and expressions with the camera on the device and may record spoken feedback: the camera and
 * microphone are allowed for this origin there, and nowhere else.
 */
const PARTICIPANT_PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  ...PERMISSIONS_POLICY_REST,
].join(', ');
const permissionsPolicyOf = (url: string) =>
  url.startsWith('/p/') ? PARTICIPANT_PERMISSIONS_POLICY : PERMISSIONS_POLICY;

/**
 * A hop count trusts the last `hops` addresses of the chain whoever sent them (Fastify itself
 * refuses a number, as it cannot check the peer): right only when the proxies are the sole way in.
 */
const trustProxyOf = (setting: Config['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

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
    trustProxy: trustProxyOf(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('permissions-policy', permissionsPolicyOf(request.url));
    // answers about users and results stay out of every cache, unless a route chose its own caching
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  const deps: Deps = {
    config,
    db: options.db,
    clock: options.clock ?? (() => new Date()),
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    accessTokens: createAccessTokens(options.jwtSecret),
    signedUrls: createSignedUrls(options.jwtSecret),
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        outboxDir: path.join(config.dataDir, 'outbox'),
        from: config.mailFrom,
        logger: app.log,
        logLinks: config.env !== 'production',
      }),
    files: options.files ?? (await createFileStore(config)),
    log: app.log,
  };

  registerErrorHandler(app);
  // what uploads of a killed or stopped process left in DATA_DIR/tmp
  removeStaleUploads(config).catch((error) => app.log.warn({ err: error }, 'stale uploads were not removed'));
  const isHttps = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // the Insights PDF is laid out in the browser by @react-pdf, whose layout engine (yoga) is
        // WebAssembly inlined as a data: URL: compiling it needs 'wasm-unsafe-eval' (not 'unsafe-eval')
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'data:'],
        // over plain http (HOST=0.0.0.0 on a LAN) an upgrade to https would fail every asset
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    strictTransportSecurity: isHttps,
  });
  await app.register(cookie);
  // In this process's memory, or shared by every API process through PostgreSQL (RATE_LIMIT_STORE).
  const sharedStore =
    config.rateLimitStore === 'postgres' ? { store: postgresRateLimitStore(options.db) } : {};
  await app.register(rateLimit, { global: false, ...(sharedStore as object) });
  // The API reference is generated from the contract's route table, the same table the routes are
  // registered from (the route-table test keeps the two equal).
  await app.register(swagger, {
    mode: 'static',
    specification: {
      // an OpenAPI 3.1 document, which the plugin serves as it is (its types know 2.0 and 3.0)
      document: buildOpenApiDocument(apiRoutes, API_GROUP_DESCRIPTIONS) as StaticDocumentSpec['document'],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const changes = await createChangeListener(options.db);
  app.addHook('onClose', () => changes.close());
  const actors = createActorCache((userId) => loadSignedInUser(deps, userId), changes);
  const testLists = createTestListCache(options.db, changes);
  forgetErasedStreams(changes, deps.files);
  registerAuthentication(app, {
    ...deps,
    loadSignedInUser: (userId) => actors.get(userId),
    findSetupByKey: (key) => findSetupByKey(deps, key),
    findShareGrant: (token, unlock) => findShareGrant(deps, token, unlock),
    findRemoteLink: (token) => findRemoteLink(deps, token),
    findRemoteSession: (token) => findRemoteSession(deps, token),
  });
  await app.register(
    async (api) => {
      registerAuthRoutes(api, deps);
      registerUserRoutes(api, deps);
      registerCompanyRoutes(api, deps);
      registerContractRoutes(api, deps);
      registerTestRoutes(api, { ...deps, testLists });
      registerParticipantRoutes(api, deps);
      registerVideoTestRoutes(api, { ...deps, viewers: DEMO_VIEWER_GENERATOR });
      registerTestSetupRoutes(api, deps);
      registerIngestionRoutes(api, deps);
      registerSupportRoutes(api, deps);
      registerAnnotationRoutes(api, deps);
      registerAnswerRoutes(api, deps);
      registerInsightRoutes(api, deps);
      registerEvidenceReelRoutes(api, deps);
      registerAiRoutes(api, deps);
      registerSuggestionRoutes(api, deps);
      registerPredictionRoutes(api, deps);
      registerResourceRoutes(api, deps);
      registerAuditRoutes(api, deps);
      registerConsentRoutes(api, deps);
      registerErasureRoutes(api, deps);
      registerRetentionRoutes(api, deps);
      registerProcessingRecordRoutes(api, deps);
      registerAccessRoutes(api, deps);
      registerHeatmapRoutes(api, { ...deps, webcamQuality: (ids) => webcamQualityOf(deps, ids) });
      registerCohortAgreementRoutes(api, deps);
      registerQualityRoutes(api, deps);
      registerExportRoutes(api, deps);
      registerJourneyRoutes(api, deps);
      registerBenchmarkRoutes(api, deps);
      registerSectionClipsRoutes(api, deps);
      registerShareLinkRoutes(api, deps);
      registerRemoteStudyRoutes(api, { ...deps, liveSite: demoShopSite });
      registerVoiceRoutes(api, deps);
      api.all('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
        reply.status(404).send({ code: 'not_found', message: `No route ${request.method} ${request.url}` }),
      );
    },
    { prefix: '/api/v1' },
  );
  registerDemoShop(app);
  await registerWebApp(app, config.webDist);
  return app;
}
