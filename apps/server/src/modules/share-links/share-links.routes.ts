import { sharedRoutes, shareLinkRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf, shareOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { auditContextOf } from '../audit/audit.service.js';
import {
  createShareLink,
  getSharedInsight,
  getSharedLink,
  getSharedOverview,
  getSharedReel,
  listSharedHeatmaps,
  listSharedInsights,
  listSharedPages,
  listSharedTags,
  listShareLinks,
  revokeShareLink,
  sendSharedClip,
  sendSharedReel,
  sharedHeatmapPoints,
  unlockSharedLink,
} from './share-links.service.js';

export function registerShareLinkRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, shareLinkRoutes.create, async (request) =>
    createShareLink(
      deps,
      actorOf(request),
      auditContextOf(request),
      request.params.id,
      request.body.share_link,
    ),
  );

  serveRoute(app, shareLinkRoutes.list, async (request) => ({
    data: await listShareLinks(deps, actorOf(request), request.params.id),
  }));

  serveRoute(app, shareLinkRoutes.revoke, async (request) => {
    await revokeShareLink(deps, actorOf(request), auditContextOf(request), request.params.id);
  });

  // ── the visitor's routes: Authorization: Share <token> ──

  serveRoute(app, sharedRoutes.get, async (request) => ({
    data: await getSharedLink(deps, shareOf(request), request.ip, { countsView: request.method === 'GET' }),
  }));

  // Guessing a link's password is slowed down as guessing a user's is: the sign-in route's limit.
  serveRoute(
    app,
    sharedRoutes.unlock,
    async (request) => unlockSharedLink(deps, shareOf(request), request.body.password),
    { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } },
  );

  serveRoute(app, sharedRoutes.overview, async (request) => ({
    data: await getSharedOverview(deps, shareOf(request), request.ip, request.query.cohort),
  }));

  serveRoute(app, sharedRoutes.insights, async (request) => ({
    data: await listSharedInsights(deps, shareOf(request), request.ip),
  }));

  serveRoute(app, sharedRoutes.insight, async (request) => ({
    data: await getSharedInsight(deps, shareOf(request), request.ip, request.params.number),
  }));

  // The clip's recording, by the signed URL of an insight's `clip` (no header: a <video src>).
  serveRoute(app, sharedRoutes.clip, async (request, reply) =>
    sendSharedClip(deps, reply, request.params.link, request.params.number, request.headers.range),
  );

  serveRoute(app, sharedRoutes.reel, async (request) => ({
    data: await getSharedReel(deps, shareOf(request), request.ip),
  }));

  // A reel link's MP4, by the signed URL of `/shared/reel` (no header: a <video src>, a download).
  serveRoute(app, sharedRoutes.reelVideo, async (request, reply) =>
    sendSharedReel(deps, reply, request.params.link, request.headers.range),
  );

  serveRoute(app, sharedRoutes.pages, async (request) => ({
    data: await listSharedPages(deps, shareOf(request), request.ip, request.query.cohort),
  }));

  serveRoute(app, sharedRoutes.tags, async (request) => ({
    data: await listSharedTags(deps, shareOf(request), request.ip, request.query.cohort),
  }));

  serveRoute(app, sharedRoutes.heatmaps, async (request) => ({
    data: await listSharedHeatmaps(deps, shareOf(request), request.ip),
  }));

  serveRoute(app, sharedRoutes.heatmapPoints, async (request) => ({
    data: await sharedHeatmapPoints(
      deps,
      shareOf(request),
      request.ip,
      request.params.hid,
      request.query.cohort,
    ),
  }));
}
