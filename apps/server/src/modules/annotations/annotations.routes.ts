import { annotationRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import {
  createLabel,
  createSection,
  createTag,
  getSignificantPoint,
  listLabels,
  listTags,
  removeLabel,
  removeSection,
  removeTag,
  updateLabel,
  updateSection,
  updateSignificantPoint,
  updateTag,
} from './annotations.service.js';

/** Tags, page titles (labels), significant point notes and sections (spec 2 §7). Writes: research area. */
export function registerAnnotationRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, annotationRoutes.listTags, async (request) =>
    listTags(deps, actorOf(request), request.params.id, request.query.cohort),
  );

  serveRoute(app, annotationRoutes.createTag, async (request) =>
    createTag(deps, actorOf(request), request.params.id, request.body.tag),
  );

  serveRoute(app, annotationRoutes.updateTag, async (request) =>
    updateTag(deps, actorOf(request), request.params.id, request.body.tag),
  );

  serveRoute(app, annotationRoutes.deleteTag, async (request) => {
    await removeTag(deps, actorOf(request), request.params.id);
  });

  serveRoute(app, annotationRoutes.listLabels, async (request) =>
    listLabels(deps, actorOf(request), request.params.id, request.query.cohort),
  );

  serveRoute(app, annotationRoutes.createLabel, async (request) =>
    createLabel(deps, actorOf(request), request.params.id, request.body.label),
  );

  serveRoute(app, annotationRoutes.updateLabel, async (request) =>
    updateLabel(deps, actorOf(request), request.params.id, request.params.lid, request.body.label),
  );

  serveRoute(app, annotationRoutes.deleteLabel, async (request) => {
    await removeLabel(deps, actorOf(request), request.params.id, request.params.lid);
  });

  serveRoute(app, annotationRoutes.getPoint, async (request) =>
    getSignificantPoint(deps, actorOf(request), request.params.id),
  );

  serveRoute(app, annotationRoutes.updatePoint, async (request) =>
    updateSignificantPoint(deps, actorOf(request), request.params.id, request.body),
  );

  serveRoute(app, annotationRoutes.createSection, async (request) =>
    createSection(deps, actorOf(request), request.body.section),
  );

  serveRoute(app, annotationRoutes.updateSection, async (request) =>
    updateSection(deps, actorOf(request), request.params.id, request.body.section),
  );

  serveRoute(app, annotationRoutes.deleteSection, async (request) => {
    await removeSection(deps, actorOf(request), request.params.id);
  });
}
