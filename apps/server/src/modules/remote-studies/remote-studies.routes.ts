import {
  REMOTE_BATCH_BODY_LIMIT,
  remoteCohortRoutes,
  remoteRoutes,
  VOICE_CHUNK_MAX_BYTES,
  voiceRoutes,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf, remoteLinkOf, remoteSessionOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { auditContextOf } from '../audit/audit.service.js';
import {
  endRemoteSession,
  getRemoteMaterial,
  getRemoteSessionProgress,
  getRemoteStudy,
  joinRemoteStudy,
  type LiveSiteLookup,
  listRemoteCohorts,
  openRemoteCohort,
  putRemoteBatch,
  putRemoteVoiceChunk,
  revokeRemoteCohort,
  saveRemoteAnswers,
  validateRemoteCalibration,
} from './remote-studies.service.js';

/**
 * Remote studies (docs/remote-studies.md): the research area's cohorts, and what a participant's
 * browser calls with the link's token (`Authorization: Remote <token>`) and then its session's
 * (`Authorization: Session <token>`). The stream parsers of the ingestion API are registered on
 * the same /api/v1 scope, so a batch arrives here as it arrives there.
 */
export function registerRemoteStudyRoutes(
  app: FastifyInstance,
  deps: Deps & { liveSite: LiveSiteLookup },
): void {
  serveRoute(app, remoteCohortRoutes.create, async (request) =>
    openRemoteCohort(
      deps,
      actorOf(request),
      auditContextOf(request),
      request.params.id,
      request.body.remote_cohort,
    ),
  );

  serveRoute(app, remoteCohortRoutes.list, async (request) => ({
    data: await listRemoteCohorts(deps, actorOf(request), request.params.id),
  }));

  serveRoute(app, remoteCohortRoutes.revoke, async (request) => {
    await revokeRemoteCohort(deps, actorOf(request), auditContextOf(request), request.params.id);
  });

  // The link is public in the participant's hands: it is slowed down as guessing a password is.
  const rateLimit = { max: deps.config.authRateLimit, timeWindow: '1 minute' };

  serveRoute(
    app,
    remoteRoutes.study,
    async (request) => ({ data: await getRemoteStudy(deps, remoteLinkOf(request)) }),
    { rateLimit },
  );

  serveRoute(
    app,
    remoteRoutes.join,
    async (request) => ({
      data: await joinRemoteStudy(deps, remoteLinkOf(request), request.ip, request.body),
    }),
    { rateLimit },
  );

  serveRoute(
    app,
    remoteRoutes.batch,
    async (request) => {
      const { kind, seq } = request.params;
      // No body schema: the codec's bytes or JSON columns, which the ingestion service checks in full.
      return putRemoteBatch(deps, remoteSessionOf(request), kind, seq, request.body);
    },
    { bodyLimit: REMOTE_BATCH_BODY_LIMIT },
  );

  // Spoken audio arrives as the recorder wrote it; any audio/* is read, so that the service names
  // the media types it takes instead of a bare 415.
  app.addContentTypeParser(
    /^audio\//,
    { parseAs: 'buffer', bodyLimit: VOICE_CHUNK_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  serveRoute(
    app,
    voiceRoutes.chunk,
    async (request) => ({
      data: await putRemoteVoiceChunk(deps, remoteSessionOf(request), {
        ...request.params,
        mediaType: request.headers['content-type']?.split(';')[0]?.trim().toLowerCase(),
        body: request.body,
      }),
    }),
    { bodyLimit: VOICE_CHUNK_MAX_BYTES },
  );

  serveRoute(app, remoteRoutes.validation, async (request) => ({
    data: await validateRemoteCalibration(deps, remoteSessionOf(request), request.body),
  }));

  serveRoute(app, remoteRoutes.material, async (request) => ({
    data: await getRemoteMaterial(deps, remoteSessionOf(request)),
  }));

  serveRoute(app, remoteRoutes.progress, async (request) => ({
    data: await getRemoteSessionProgress(deps, remoteSessionOf(request)),
  }));

  serveRoute(app, remoteRoutes.answers, async (request) => ({
    data: await saveRemoteAnswers(deps, remoteSessionOf(request), request.body),
  }));

  serveRoute(app, remoteRoutes.end, async (request) => ({
    data: await endRemoteSession(deps, remoteSessionOf(request), request.body),
  }));
}
