import {
  createTestSetupBody,
  heartbeatAnswer,
  heartbeatBody,
  testSetupListAnswer,
  testSetupParams,
  testSetupWithKeyAnswer,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { setupOf } from '../../http/authenticate.js';
import {
  createTestSetup,
  heartbeat,
  listTestSetups,
  removeTestSetup,
  rotateTestSetupKey,
} from './test-setups.service.js';

export function registerTestSetupRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['test setups'];

  routes.get('/test_setups', {
    config: { access: 'researcher' },
    schema: { tags, summary: 'The lab recorders with their status', response: { 200: testSetupListAnswer } },
    handler: async () => listTestSetups(deps),
  });

  routes.post('/test_setups', {
    config: { access: 'researcher' },
    schema: {
      tags,
      summary: 'Add a lab recorder; answers its key, shown this once',
      body: createTestSetupBody,
      response: { 201: testSetupWithKeyAnswer },
    },
    handler: async (request, reply) => reply.status(201).send(await createTestSetup(deps, request.body)),
  });

  routes.post('/test_setups/:id/key', {
    config: { access: 'researcher' },
    schema: {
      tags,
      summary: 'Give a recorder a new key (shown once); the old key stops working',
      params: testSetupParams,
      response: { 200: testSetupWithKeyAnswer },
    },
    handler: async (request) => rotateTestSetupKey(deps, request.params.id),
  });

  routes.delete('/test_setups/:id', {
    config: { access: 'researcher' },
    schema: { tags, summary: 'Remove a lab recorder (its key stops working)', params: testSetupParams },
    handler: async (request, reply) => {
      await removeTestSetup(deps, request.params.id);
      return reply.status(204).send();
    },
  });

  routes.post('/ingest/heartbeat', {
    config: { access: 'recorder' },
    schema: {
      tags: ['ingestion'],
      summary: 'A recorder reports the status of its devices and services (Authorization: Setup <key>)',
      body: heartbeatBody,
      response: { 200: heartbeatAnswer },
    },
    handler: async (request) => heartbeat(deps, setupOf(request), request.body.status),
  });
}
