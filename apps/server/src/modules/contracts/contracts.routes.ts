import {
  bundleSchema,
  contractSchema,
  createBundleBody,
  createContractBody,
  idParam,
  renewContractBody,
  updateContractBody,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import {
  addBundle,
  createContract,
  removeBundle,
  renewContract,
  updateContract,
} from './contracts.service.js';

const idParams = z.strictObject({ id: idParam });

export function registerContractRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contracts'];

  routes.post('/contracts', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Add a contract (dates, or months from today)',
      body: createContractBody,
      response: { 201: contractSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createContract(deps, actorOf(request), request.body)),
  });

  for (const method of ['PATCH', 'PUT'] as const) {
    routes.route({
      method,
      url: '/contracts/:id',
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Change the dates or comments of a contract',
        params: idParams,
        body: updateContractBody,
        response: { 200: contractSchema },
      },
      handler: async (request) => updateContract(deps, actorOf(request), request.params.id, request.body),
    });
  }

  routes.post('/contracts/:id/renew', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Move the end date forward by N months',
      params: idParams,
      body: renewContractBody,
      response: { 200: contractSchema },
    },
    handler: async (request) => renewContract(deps, actorOf(request), request.params.id, request.body.months),
  });

  routes.post('/bundles', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Add tests of one type to a contract',
      body: createBundleBody,
      response: { 201: bundleSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await addBundle(deps, actorOf(request), request.body)),
  });

  routes.delete('/bundles/:id', {
    config: { access: 'staff' },
    schema: { tags, summary: 'Remove a bundle', params: idParams },
    handler: async (request, reply) => {
      await removeBundle(deps, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
