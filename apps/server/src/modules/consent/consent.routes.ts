import { consentRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { serveRoute } from '../../http/serve-route.js';
import { auditContextOf } from '../audit/audit.service.js';
import {
  createConsentTerms,
  getParticipantConsent,
  listConsentTerms,
  recordPaperConsent,
  withdrawConsent,
} from './consent.service.js';

/** Consent terms per test and participants' consent (docs/data-rights.md). Writes: research area. */
export function registerConsentRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, consentRoutes.listTerms, async (request) => ({
    data: await listConsentTerms(deps, actorOf(request), request.params.id),
  }));

  serveRoute(app, consentRoutes.createTerms, async (request) => ({
    data: await createConsentTerms(deps, actorOf(request), request.params.id, request.body.terms),
  }));

  serveRoute(app, consentRoutes.participantConsent, async (request) => ({
    data: await getParticipantConsent(deps, actorOf(request), request.params.id, request.params.pid),
  }));

  serveRoute(app, consentRoutes.paperConsent, async (request) => ({
    data: await recordPaperConsent(
      deps,
      actorOf(request),
      auditContextOf(request),
      request.params.id,
      request.params.pid,
      request.body.consent,
    ),
  }));

  serveRoute(app, consentRoutes.withdraw, async (request) => ({
    data: await withdrawConsent(
      deps,
      actorOf(request),
      auditContextOf(request),
      request.params.id,
      request.params.pid,
      request.body,
    ),
  }));
}
