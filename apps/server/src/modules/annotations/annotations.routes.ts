import {
  createLabelBody,
  createSectionBody,
  labelListAnswer,
  labelParams,
  labelSchema,
  participantListParams,
  sectionParams,
  sectionSchema,
  significantPointAnswer,
  significantPointParams,
  tagBody,
  tagListAnswer,
  tagParams,
  tagSchema,
  updateLabelBody,
  updateSectionBody,
  updateSignificantPointBody,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
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
  renameTag,
  updateLabel,
  updateSection,
  updateSignificantPoint,
} from './annotations.service.js';

/** Tags, page titles (labels), significant point notes and sections (spec 2 §7). Writes: research area. */
export function registerAnnotationRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/tests/:id/tags', {
    config: { access: 'user' },
    schema: {
      tags: ['tags'],
      summary: "The test's tags, read as `tags`",
      params: participantListParams,
      response: { 200: tagListAnswer },
    },
    handler: async (request) => listTags(deps, actorOf(request), request.params.id),
  });

  routes.post('/tests/:id/tags', {
    config: { access: 'researcher' },
    schema: {
      tags: ['tags'],
      summary: 'Add a tag to the test (names are unique per test, case-insensitive: 409)',
      params: participantListParams,
      body: tagBody,
      response: { 201: tagSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await createTag(deps, actorOf(request), request.params.id, request.body.tag.name)),
  });

  routes.patch('/tags/:id', {
    config: { access: 'researcher' },
    schema: {
      tags: ['tags'],
      summary: 'Rename a tag',
      params: tagParams,
      body: tagBody,
      response: { 200: tagSchema },
    },
    handler: async (request) => renameTag(deps, actorOf(request), request.params.id, request.body.tag.name),
  });

  routes.delete('/tags/:id', {
    config: { access: 'researcher' },
    schema: { tags: ['tags'], summary: 'Remove a tag (its points lose it)', params: tagParams },
    handler: async (request, reply) => {
      await removeTag(deps, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });

  routes.get('/tests/:id/labels', {
    config: { access: 'user' },
    schema: {
      tags: ['labels'],
      summary: "The test's page titles, read as `data.labels`",
      params: participantListParams,
      response: { 200: labelListAnswer },
    },
    handler: async (request) => listLabels(deps, actorOf(request), request.params.id),
  });

  routes.post('/tests/:id/labels', {
    config: { access: 'researcher' },
    schema: {
      tags: ['labels'],
      summary: 'Add a page title with the URLs it matches',
      params: participantListParams,
      body: createLabelBody,
      response: { 201: labelSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await createLabel(deps, actorOf(request), request.params.id, request.body.label)),
  });

  routes.patch('/tests/:id/labels/:lid', {
    config: { access: 'researcher' },
    schema: {
      tags: ['labels'],
      summary: 'Change a page title',
      params: labelParams,
      body: updateLabelBody,
      response: { 200: labelSchema },
    },
    handler: async (request) =>
      updateLabel(deps, actorOf(request), request.params.id, request.params.lid, request.body.label),
  });

  routes.delete('/tests/:id/labels/:lid', {
    config: { access: 'researcher' },
    schema: {
      tags: ['labels'],
      summary: 'Remove a page title (its sections keep no title)',
      params: labelParams,
    },
    handler: async (request, reply) => {
      await removeLabel(deps, actorOf(request), request.params.id, request.params.lid);
      return reply.status(204).send();
    },
  });

  routes.get('/participant_data/significant_points/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['significant points'],
      summary: 'One significant point with its tags',
      params: significantPointParams,
      response: { 200: significantPointAnswer },
    },
    handler: async (request) => getSignificantPoint(deps, actorOf(request), request.params.id),
  });

  routes.patch('/participant_data/significant_points/:id', {
    config: { access: 'researcher' },
    schema: {
      tags: ['significant points'],
      summary:
        'Comment, translate or mark a point false positive, or replace its tags ({tag_ids}); the point is then kept by recomputations',
      params: significantPointParams,
      body: updateSignificantPointBody,
      response: { 200: significantPointAnswer },
    },
    handler: async (request) =>
      updateSignificantPoint(deps, actorOf(request), request.params.id, request.body),
  });

  routes.post('/sections', {
    config: { access: 'researcher' },
    schema: {
      tags: ['sections'],
      summary:
        'Mark a section of a recording; partial overlaps are moved 1 ms outside the neighbour, an inverted or covering section is refused',
      body: createSectionBody,
      response: { 201: sectionSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createSection(deps, actorOf(request), request.body.section)),
  });

  routes.patch('/sections/:id', {
    config: { access: 'researcher' },
    schema: {
      tags: ['sections'],
      summary: 'Change a section by the same rules; answers the stored section',
      params: sectionParams,
      body: updateSectionBody,
      response: { 200: sectionSchema },
    },
    handler: async (request) =>
      updateSection(deps, actorOf(request), request.params.id, request.body.section),
  });

  routes.delete('/sections/:id', {
    config: { access: 'researcher' },
    schema: { tags: ['sections'], summary: 'Remove a section', params: sectionParams },
    handler: async (request, reply) => {
      await removeSection(deps, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
