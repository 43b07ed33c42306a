import multipart from '@fastify/multipart';
import { HEATMAP_SCREENSHOT_MAX_BYTES, heatmapRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { readUploadedImage } from '../../http/image-upload.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  heatmapAreas,
  heatmapFixations,
  heatmapScrollReach,
  type WebcamQualityLookup,
} from './heatmap-analysis.service.js';
import { signedScreenshotUrl } from './heatmap-screenshots.js';
import {
  captureHeatmap,
  createHeatmap,
  deleteHeatmap,
  getHeatmap,
  heatmapPoints,
  listHeatmaps,
  updateHeatmap,
  uploadHeatmapScreenshot,
} from './heatmaps.service.js';
import { readScreenshot } from './screenshot-variants.js';

const SCREENSHOT_UPLOAD = { noun: 'A screenshot', maxBytes: HEATMAP_SCREENSHOT_MAX_BYTES } as const;

export function registerHeatmapRoutes(
  app: FastifyInstance,
  deps: Deps & { webcamQuality: WebcamQualityLookup },
): void {
  serveRoute(app, heatmapRoutes.list, async (request) => ({
    data: { heatmaps: await listHeatmaps(deps, actorOf(request), request.params.id) },
  }));

  serveRoute(app, heatmapRoutes.get, async (request) => ({
    data: await getHeatmap(deps, actorOf(request), request.params.id, request.params.hid),
  }));

  serveRoute(app, heatmapRoutes.points, async (request) => ({
    data: await heatmapPoints(deps, actorOf(request), request.params.id, request.params.hid, request.query),
  }));

  serveRoute(app, heatmapRoutes.areas, async (request) => ({
    data: await heatmapAreas(deps, actorOf(request), request.params.id, request.params.hid, request.query),
  }));

  serveRoute(app, heatmapRoutes.fixations, async (request) => ({
    data: await heatmapFixations(
      deps,
      actorOf(request),
      request.params.id,
      request.params.hid,
      request.query,
    ),
  }));

  serveRoute(app, heatmapRoutes.scrollReach, async (request) => ({
    data: await heatmapScrollReach(
      deps,
      actorOf(request),
      request.params.id,
      request.params.hid,
      request.query.cohort,
    ),
  }));

  serveRoute(app, heatmapRoutes.create, async (request) => ({
    data: await createHeatmap(deps, actorOf(request), request.params.id, request.body.heatmap),
  }));

  serveRoute(app, heatmapRoutes.update, async (request) => ({
    data: await updateHeatmap(
      deps,
      actorOf(request),
      request.params.id,
      request.params.hid,
      request.body.heatmap,
    ),
  }));

  serveRoute(app, heatmapRoutes.delete, async (request) => {
    await deleteHeatmap(deps, actorOf(request), request.params.id, request.params.hid);
  });

  serveRoute(app, heatmapRoutes.capture, async (request) => ({
    data: await captureHeatmap(deps, actorOf(request), request.params.id, request.params.hid),
  }));

  serveRoute(app, heatmapRoutes.screenshot, async (request, reply) => {
    const { id, name } = request.params;
    const width = request.query.width === undefined ? undefined : Number(request.query.width);
    const { bytes, type } = await readScreenshot(deps, id, name, width);
    return reply.type(type).header('cache-control', 'private, max-age=3600').send(bytes);
  });

  // Uploads are multipart, in a scope of their own.
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    serveRoute(scope, heatmapRoutes.upload, async (request) => {
      const { id } = request.params;
      const name = await uploadHeatmapScreenshot(deps, actorOf(request), id, () =>
        readUploadedImage(request, SCREENSHOT_UPLOAD, { idleMs: deps.config.uploadIdleTimeoutMs }),
      );
      return { name, url: signedScreenshotUrl(deps, id, name) };
    });
  });
}
