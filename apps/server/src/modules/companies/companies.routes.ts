import { companyRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { listCountries } from './companies.repository.js';
import {
  createCompany,
  deleteCompany,
  getCompany,
  getCompanyContracts,
  listCompanySummaries,
} from './companies.service.js';

export function registerCompanyRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, companyRoutes.list, async (request) => listCompanySummaries(deps, actorOf(request)));

  serveRoute(app, companyRoutes.get, async (request) =>
    getCompany(deps, actorOf(request), request.params.id),
  );

  serveRoute(app, companyRoutes.contracts, async (request) =>
    getCompanyContracts(deps, actorOf(request), request.params.id),
  );

  serveRoute(app, companyRoutes.create, async (request) => ({
    status: 'created' as const,
    data: await createCompany(deps, actorOf(request), request.body.company),
  }));

  serveRoute(app, companyRoutes.delete, async (request) => {
    await deleteCompany(deps, actorOf(request), request.params.id);
  });

  serveRoute(app, companyRoutes.countries, async () => listCountries(deps.db));
}
