import {
  companyListAnswer,
  companySchema,
  contractSchema,
  countryListAnswer,
  createCompanyAnswer,
  createCompanyBody,
  idParam,
} from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { listCountries } from './companies.repository.js';
import {
  createCompany,
  deleteCompany,
  getCompany,
  getCompanyContracts,
  listCompanySummaries,
} from './companies.service.js';

const idParams = z.strictObject({ id: idParam });

export function registerCompanyRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];

  routes.get('/companies', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Companies with their latest contract (admin and research area)',
      response: { 200: companyListAnswer },
    },
    handler: async (request) => listCompanySummaries(deps, actorOf(request)),
  });

  routes.get('/companies/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'A company with contracts and bundles',
      params: idParams,
      response: { 200: companySchema },
    },
    handler: async (request) => getCompany(deps, actorOf(request), request.params.id),
  });

  routes.get('/companies/:id/contracts', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Contracts of a company',
      params: idParams,
      response: { 200: z.array(contractSchema) },
    },
    handler: async (request) => getCompanyContracts(deps, actorOf(request), request.params.id),
  });

  routes.post('/companies', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Create a company',
      body: createCompanyBody,
      response: { 201: createCompanyAnswer },
    },
    handler: async (request, reply) => {
      const company = await createCompany(deps, actorOf(request), request.body.company);
      return reply.status(201).send({ status: 'created' as const, data: company });
    },
  });

  routes.delete('/companies/:id', {
    config: { access: 'staff' },
    schema: { tags, summary: 'Remove a company with its users, contracts and tests', params: idParams },
    handler: async (request, reply) => {
      await deleteCompany(deps, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });

  routes.get('/countries', {
    config: { access: 'user' },
    schema: { tags, summary: 'ISO 3166 countries by name', response: { 200: countryListAnswer } },
    handler: async () => listCountries(deps.db),
  });
}
