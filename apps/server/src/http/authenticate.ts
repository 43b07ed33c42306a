import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { AccessTokens } from '../auth/access-tokens.js';
import { hashOpaqueToken } from '../auth/opaque-tokens.js';
import type { Database } from '../db/client.js';
import { findTestSetupByKeyHash } from '../modules/test-setups/test-setups.repository.js';
import type { SetupIdentity } from '../modules/test-setups/test-setups.service.js';
import { toActor } from '../modules/users/users.mappers.js';
import { findUserById, type UserRow } from '../modules/users/users.repository.js';
import type { ActorCache } from './actor-cache.js';
import { forbidden, unauthenticated } from './app-error.js';
import { type Actor, isResearcher, isStaff } from './policy.js';
import type { SignedUrls } from './signed-urls.js';

/**
 * Route-level access, stated on every route of /api/v1 (`config.access`):
 * public: anyone; user: any signed-in user; staff: role admin or licence_analysis;
 * researcher: role admin or licence_research; recorder: a lab recorder (test setup) with its key
 * (`Authorization: Setup <key>`), never a user; signed: a URL the server signed after checking
 * the reader (media for `<video src>`, signed-urls.ts). Resource-level rules live in policy.ts.
 */
export type Access = 'public' | 'user' | 'staff' | 'researcher' | 'recorder' | 'signed';

/** One method of a route as registered, with its stated access and its schemas. */
export type RegisteredRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  schema: FastifySchema | undefined;
  /** The operation id of the contract's route table (`group.name`), when served from it. */
  routeId: string | undefined;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Routes registered after authentication (all of /api/v1), for the route-policy and bad-input tests. */
    registeredRoutes: readonly RegisteredRoute[];
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The signed-in user's row as the actor was made from it (GET /users/me answers it). */
    signedInUser: UserRow | null;
    /** The test setup of a recorder route. */
    setup: SetupIdentity | null;
  }
}

export function registerAuthentication(
  app: FastifyInstance,
  deps: {
    db: Database;
    accessTokens: AccessTokens;
    signedUrls: SignedUrls;
    clock: () => Date;
    /** The actors' cache; without one each request reads its actor from the database. */
    actors?: ActorCache;
  },
): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('signedInUser', null);
  app.decorateRequest('setup', null);
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url.startsWith('/api/v1') && !access) {
      throw new Error(`Route ${route.method} ${route.url} states no access policy (config.access)`);
    }
    for (const method of [route.method].flat())
      registeredRoutes.push({
        method,
        url: route.url,
        access,
        schema: route.schema,
        routeId: route.config?.routeId,
      });
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (access === 'signed') return; // checked after validation (below): the query must be read first
    if (access === 'recorder') {
      request.setup = await setupFromHeader(request, deps.db);
      if (!request.setup)
        throw unauthenticated('This needs the key of a test setup (Authorization: Setup <key>)');
      return;
    }
    const user = await userFromHeader(request, deps);
    if (!user) throw unauthenticated();
    const actor = toActor(user);
    if (access === 'staff' && !isStaff(actor)) throw forbidden('This needs the analysis licence');
    if (access === 'researcher' && !isResearcher(actor)) throw forbidden('This needs the research licence');
    request.actor = actor;
    request.signedInUser = user;
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.access !== 'signed') return;
    const path = request.url.split('?')[0] ?? '';
    if (!deps.signedUrls.verify(path, request.query as Record<string, unknown>, deps.clock()))
      throw unauthenticated('This link has expired or is not valid; reload the page for a new one');
  });
}

async function userFromHeader(
  request: FastifyRequest,
  deps: { db: Database; accessTokens: AccessTokens; clock: () => Date; actors?: ActorCache },
): Promise<UserRow | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const subject = await deps.accessTokens.verify(header.slice('Bearer '.length).trim(), deps.clock());
  if (!subject) return null;
  const found = await (deps.actors ? deps.actors.get(subject.userId) : findUserById(deps.db, subject.userId));
  return found && found.tokenVersion === subject.version ? found : null;
}

/** A key is looked up by its SHA-256, as stored; a wrong, rotated or removed key finds nothing. */
async function setupFromHeader(request: FastifyRequest, db: Database): Promise<SetupIdentity | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Setup ')) return null;
  const key = header.slice('Setup '.length).trim();
  if (!/^[\w-]{16,128}$/.test(key)) return null;
  const row = await findTestSetupByKeyHash(db, hashOpaqueToken(key));
  return row ? { id: row.id, name: row.name } : null;
}

/** The test setup of a recorder route. */
export function setupOf(request: FastifyRequest): SetupIdentity {
  if (!request.setup)
    throw unauthenticated('This needs the key of a test setup (Authorization: Setup <key>)');
  return request.setup;
}

/** The signed-in user of a route whose access is not public. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

/** The signed-in user's row (cached with the actor) of a route whose access is not public. */
export function signedInUserOf(request: FastifyRequest): UserRow {
  if (!request.signedInUser) throw unauthenticated();
  return request.signedInUser;
}
