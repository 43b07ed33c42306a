import multipart from '@fastify/multipart';
import { RESOURCE_IMAGE_MAX_BYTES, type ResourceImageFormat, resourceRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { actorOf } from '../../http/authenticate.js';
import { readUploadedImage } from '../../http/image-upload.js';
import { serveRoute } from '../../http/serve-route.js';
import { CONTENT_TYPES, imageKey } from './resource-images.js';
import {
  changeResource,
  createResource,
  deleteResource,
  getResource,
  listResources,
  listResourceTags,
  uploadResourceImage,
} from './resources.service.js';

const IMAGE_UPLOAD = { noun: 'An image', maxBytes: RESOURCE_IMAGE_MAX_BYTES } as const;

export function registerResourceRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, resourceRoutes.list, async (request) => listResources(deps, actorOf(request)));

  serveRoute(app, resourceRoutes.get, async (request) =>
    getResource(deps, actorOf(request), request.params.id),
  );

  serveRoute(app, resourceRoutes.create, async (request) =>
    createResource(deps, actorOf(request), request.body.resource),
  );

  serveRoute(app, resourceRoutes.update, async (request) =>
    changeResource(deps, actorOf(request), request.params.id, request.body.resource),
  );

  serveRoute(app, resourceRoutes.delete, async (request) => {
    await deleteResource(deps, actorOf(request), request.params.id);
  });

  serveRoute(app, resourceRoutes.tags, async (request) => listResourceTags(deps, actorOf(request)));

  serveRoute(app, resourceRoutes.image, async (request, reply) => {
    const { name } = request.params;
    const bytes = await deps.files.get(imageKey(name));
    if (!bytes) throw notFound('The image');
    const format = name.split('.').pop() as ResourceImageFormat;
    return reply
      .type(CONTENT_TYPES[format])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });

  // Uploads are multipart, in a scope of their own: no other route of the API takes multipart here.
  app.register(async (scope) => {
    // Another module may have registered the parser for the whole API already; it serves here too.
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    serveRoute(scope, resourceRoutes.upload, async (request) =>
      uploadResourceImage(deps, actorOf(request), () =>
        readUploadedImage(request, IMAGE_UPLOAD, { idleMs: deps.config.uploadIdleTimeoutMs }),
      ),
    );
  });
}
