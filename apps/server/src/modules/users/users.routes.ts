import {
  companyUsersQuery,
  createUserBody,
  idParam,
  updateUserBody,
  userListAnswer,
  userSchema,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { toUserAnswer } from './users.mappers.js';
import {
  deleteUser,
  getAllUsers,
  getCompanyUsers,
  getResearchers,
  getUser,
  inviteUser,
  updateUser,
} from './users.service.js';

const idParams = z.strictObject({ id: idParam });

export function registerUserRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  routes.get('/users', {
    config: { access: 'staff' },
    schema: { tags, summary: 'All users (admin area)', response: { 200: userListAnswer } },
    handler: async (request) => (await getAllUsers(deps, actorOf(request))).map(toUserAnswer),
  });

  routes.get('/researchers', {
    config: { access: 'researcher' },
    schema: {
      tags,
      summary: 'Users who may be a test researcher: analysis staff (research area)',
      response: { 200: userListAnswer },
    },
    handler: async () => (await getResearchers(deps)).map(toUserAnswer),
  });

  routes.get('/users/me', {
    config: { access: 'user' },
    schema: { tags, summary: 'The signed-in user', response: { 200: userSchema } },
    handler: async (request) => toUserAnswer(await getUser(deps, actorOf(request), actorOf(request).id)),
  });

  routes.get('/users/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'One user', params: idParams, response: { 200: userSchema } },
    handler: async (request) => toUserAnswer(await getUser(deps, actorOf(request), request.params.id)),
  });

  routes.post('/users', {
    config: { access: 'user' },
    schema: { tags, summary: 'Invite a user', body: createUserBody, response: { 201: userSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(toUserAnswer(await inviteUser(deps, actorOf(request), request.body))),
  });

  for (const method of ['PATCH', 'PUT'] as const) {
    routes.route({
      method,
      url: '/users/:id',
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change a user',
        params: idParams,
        body: updateUserBody,
        response: { 200: userSchema },
      },
      handler: async (request) =>
        toUserAnswer(await updateUser(deps, actorOf(request), request.params.id, request.body)),
    });
  }

  routes.delete('/users/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'Remove a user', params: idParams },
    handler: async (request, reply) => {
      await deleteUser(deps, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });

  routes.get('/companies/:id/users/', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Users of a company, optionally by role',
      params: idParams,
      querystring: companyUsersQuery,
      response: { 200: userListAnswer },
    },
    handler: async (request) =>
      (await getCompanyUsers(deps, actorOf(request), request.params.id, request.query.role)).map(
        toUserAnswer,
      ),
  });
}
