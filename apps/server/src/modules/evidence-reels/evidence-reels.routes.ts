import { evidenceReelRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  getReel,
  makeReel,
  publishReel,
  renderReel,
  sendReelVideo,
  updateReel,
} from './evidence-reels.service.js';

export function registerEvidenceReelRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, evidenceReelRoutes.get, async (request) => ({
    data: await getReel(deps, actorOf(request), request.params.id, request.params.iid),
  }));
  serveRoute(app, evidenceReelRoutes.create, async (request) => ({
    data: await makeReel(deps, actorOf(request), request.params.id, request.params.iid),
  }));
  serveRoute(app, evidenceReelRoutes.update, async (request) => ({
    data: await updateReel(deps, actorOf(request), request.params.id, request.params.iid, request.body.reel),
  }));
  serveRoute(app, evidenceReelRoutes.render, async (request) => ({
    data: await renderReel(deps, actorOf(request), request.params.id, request.params.iid),
  }));
  serveRoute(app, evidenceReelRoutes.publish, async (request) => ({
    data: await publishReel(
      deps,
      actorOf(request),
      request.params.id,
      request.params.iid,
      request.body.published,
    ),
  }));
  serveRoute(app, evidenceReelRoutes.video, async (request, reply) =>
    sendReelVideo(deps, reply, request.params.id, request.params.iid, request.headers.range),
  );
}
