import multipart from '@fastify/multipart';
import {
  createResourceBody,
  idParam,
  RESOURCE_IMAGE_MAX_BYTES,
  type ResourceImageFormat,
  resourceImageAnswer,
  resourceImageParams,
  resourceListAnswer,
  resourceSchema,
  resourceTagListAnswer,
  updateResourceBody,
} from '@limbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { actorOf } from '../../http/authenticate.js';
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

const idParams = z.strictObject({ id: idParam });
const MAX_MEGABYTES = RESOURCE_IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * What a failed read of an upload answers: too large is 413; a form cut off midway or without a
 * boundary (busboy's errors carry no status) is the client's fault, not ours.
 */
function uploadError(error: unknown): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('payload_too_large', `An image may be at most ${MAX_MEGABYTES} MB`, {
      file: [`An image may be at most ${MAX_MEGABYTES} MB`],
    });
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  return AppError.fieldError(
    'validation',
    'file',
    'The upload was not complete; please upload the image again',
  );
}

/** The bytes of the one file of a multipart upload (field `file`), within the size limit. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError(
      'validation',
      'Send the image as multipart/form-data in the field "file"',
      undefined,
      415,
    );
  try {
    const part = await request.file({ limits: { fileSize: RESOURCE_IMAGE_MAX_BYTES, files: 1 } });
    if (part?.fieldname !== 'file')
      throw AppError.fieldError('validation', 'file', 'Choose an image to upload');
    return await part.toBuffer();
  } catch (error) {
    throw error instanceof AppError ? error : uploadError(error);
  }
}

export function registerResourceRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['resources'];

  routes.get('/resources', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The resources library, newest first: published articles, and drafts to their authors',
      response: { 200: resourceListAnswer },
    },
    handler: async (request) => listResources(deps, actorOf(request)),
  });

  routes.get('/resources/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'An article with its body (a draft is not found except by its authors)',
      params: idParams,
      response: { 200: resourceSchema },
    },
    handler: async (request) => getResource(deps, actorOf(request), request.params.id),
  });

  routes.post('/resources', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Write an article (users of the provider company)',
      body: createResourceBody,
      response: { 201: resourceSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createResource(deps, actorOf(request), request.body.resource)),
  });

  routes.patch('/resources/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Change, publish or unpublish an article (users of the provider company)',
      params: idParams,
      body: updateResourceBody,
      response: { 200: resourceSchema },
    },
    handler: async (request) =>
      changeResource(deps, actorOf(request), request.params.id, request.body.resource),
  });

  routes.delete('/resources/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'Delete an article (users of the provider company)', params: idParams },
    handler: async (request, reply) => {
      await deleteResource(deps, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });

  routes.get('/resource_tags', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The tags of the articles one may read, by name',
      response: { 200: resourceTagListAnswer },
    },
    handler: async (request) => listResourceTags(deps, actorOf(request)),
  });

  routes.get('/resource_images/:name', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'An uploaded image, by the URL its upload answered (the random name is the key)',
      params: resourceImageParams,
    },
    handler: async (request, reply) => {
      const { name } = request.params;
      const bytes = await deps.files.get(imageKey(name));
      if (!bytes) throw notFound('The image');
      const format = name.split('.').pop() as ResourceImageFormat;
      return reply
        .type(CONTENT_TYPES[format])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  });

  // Uploads are multipart, in a scope of their own: no other route of the API takes multipart here.
  app.register(async (scope) => {
    // Another module may have registered the parser for the whole API already; it serves here too.
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    scope.withTypeProvider<ZodTypeProvider>().post('/resource_images', {
      config: { access: 'user' },
      schema: {
        tags,
        summary: `Upload an image for an article, its cover or its body (multipart field "file"; PNG, JPEG, GIF or WebP, at most ${MAX_MEGABYTES} MB)`,
        consumes: ['multipart/form-data'],
        response: { 201: resourceImageAnswer },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await uploadResourceImage(deps, actorOf(request), () => readUploadedFile(request))),
    });
  });
}
