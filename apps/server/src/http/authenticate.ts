import {
  type Access,
  REMOTE_MESSAGES,
  SHARE_LINK_MESSAGES,
  SHARE_UNLOCK_HEADER,
  type ShareLinkScope,
  type User,
} from '@limbus/contract';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { AccessTokens } from '../auth/access-tokens.js';
import { AppError, forbidden, unauthenticated } from './app-error.js';
import { type Actor, isResearcher, isStaff } from './policy.js';
import type { SignedUrls } from './signed-urls.js';

/** One method of a route as registered, with its stated access and its schemas. */
export type RegisteredRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  schema: FastifySchema | undefined;
  /** The operation id of the contract's route table (`group.name`), when served from it. */
  routeId: string | undefined;
  /** Whether the route reads multipart/form-data (its scope registered the parser). */
  multipart: boolean;
};

/**
 * A signed-in user as a request carries it: what access checks read, the version its access
 * tokens must carry, and the user as GET /users/me answers it.
 */
export type SignedInUser = { actor: Actor; tokenVersion: number; user: User };

/** The setup a recorder authenticated as (`request.setup`). */
export type SetupIdentity = { id: number; name: string };

/**
 * What a share link's token grants (`request.share`): its test, and its insight for an insight
 * link; `unlocked` when the link has no password or the request carries a valid unlock.
 */
export type ShareGrant = {
  linkId: number;
  companyId: number;
  testId: number;
  scope: ShareLinkScope;
  insightId: number | null;
  expiresAt: Date;
  hasPassword: boolean;
  unlocked: boolean;
  allowRecordings: boolean;
};

/** The remote cohort a participant link's token names (`request.remoteLink`), open or not. */
export type RemoteLinkGrant = { cohortId: number; companyId: number; testId: number };

/** The one participant a remote session's token is bound to (`request.remoteSession`), until it expires. */
export type RemoteSessionGrant = {
  sessionId: number;
  cohortId: number;
  companyId: number;
  testId: number;
  participantId: number;
  /** When the session's credential stops working; the media URLs it is answered expire by then. */
  expiresAt: Date;
};

/**
 * What authentication asks of the modules, which app.ts hands in: the signed-in user of an id
 * (the users module, through the actors' cache), the test setup of a recorder's key (the
 * test-setups module), and the grant of a live share link's token with the request's unlock (the
 * share-links module), and the remote cohort of a participant link's token and the live session
 * of a remote participant's token (the remote-studies module); each null when there is none.
 */
export type AuthenticationLookups = {
  loadSignedInUser: (userId: number) => Promise<SignedInUser | null>;
  findSetupByKey: (key: string) => Promise<SetupIdentity | null>;
  findShareGrant: (token: string, unlock: string | undefined) => Promise<ShareGrant | null>;
  findRemoteLink: (token: string) => Promise<RemoteLinkGrant | null>;
  findRemoteSession: (token: string) => Promise<RemoteSessionGrant | null>;
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
    /** The signed-in user the actor belongs to (GET /users/me answers it). */
    signedInUser: SignedInUser | null;
    /** The test setup of a recorder route. */
    setup: SetupIdentity | null;
    /** The share link of a visitor's route. */
    share: ShareGrant | null;
    /** The remote cohort of a participant link's route. */
    remoteLink: RemoteLinkGrant | null;
    /** The remote participant of a session's route. */
    remoteSession: RemoteSessionGrant | null;
  }
}

export function registerAuthentication(
  app: FastifyInstance,
  deps: AuthenticationLookups & { accessTokens: AccessTokens; signedUrls: SignedUrls; clock: () => Date },
): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('signedInUser', null);
  app.decorateRequest('setup', null);
  app.decorateRequest('share', null);
  app.decorateRequest('remoteLink', null);
  app.decorateRequest('remoteSession', null);
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', function onRoute(route) {
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
        multipart: this.hasContentTypeParser('multipart/form-data'),
      });
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'share') {
      request.share = await shareFromHeader(request, deps.findShareGrant);
      return;
    }
    if (access === 'remote_link') {
      request.remoteLink = await remoteLinkFromHeader(request, deps.findRemoteLink);
      return;
    }
    if (access === 'remote_session') {
      request.remoteSession = await remoteSessionFromHeader(request, deps.findRemoteSession);
      return;
    }
    // A share token, a participant link and a session are credentials of their own routes only:
    // every other route refuses them, public ones included.
    const scheme = request.headers.authorization?.split(' ')[0];
    if (access && scheme === 'Share') throw unauthenticated(SHARE_LINK_MESSAGES.otherCredential);
    if (access && (scheme === 'Remote' || scheme === 'Session'))
      throw unauthenticated(REMOTE_MESSAGES.otherCredential);
    if (!access || access === 'public') return;
    if (access === 'signed') return; // checked after validation (below): the query must be read first
    if (access === 'recorder') {
      request.setup = await setupFromHeader(request, deps.findSetupByKey);
      if (!request.setup)
        throw unauthenticated('This needs the key of a test setup (Authorization: Setup <key>)');
      return;
    }
    const signedIn = await userFromHeader(request, deps);
    if (!signedIn) throw unauthenticated();
    const { actor } = signedIn;
    if (access === 'staff' && !isStaff(actor)) throw forbidden('This needs the analysis licence');
    if (access === 'researcher' && !isResearcher(actor)) throw forbidden('This needs the research licence');
    request.actor = actor;
    request.signedInUser = signedIn;
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.access !== 'signed') return;
    const path = request.url.split('?')[0] ?? '';
    const versionOf = async (userId: number) => (await deps.loadSignedInUser(userId))?.tokenVersion ?? null;
    const query = request.query as Record<string, unknown>;
    if (!(await deps.signedUrls.verify(path, query, deps.clock(), versionOf)))
      throw unauthenticated('This link has expired or is not valid; reload the page for a new one');
  });
  // The media URLs a signed-in user's answer names are bound to that user's session (signed-urls.ts):
  // the rest of the request runs with the user as their holder. A share link's or a remote
  // session's expire no later than the link or the session.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.share) return deps.signedUrls.signingUntil(request.share.expiresAt, done);
    if (request.remoteSession) return deps.signedUrls.signingUntil(request.remoteSession.expiresAt, done);
    const signedIn = request.signedInUser;
    if (!signedIn) return done();
    deps.signedUrls.signingFor({ userId: signedIn.actor.id, tokenVersion: signedIn.tokenVersion }, done);
  });
}

async function userFromHeader(
  request: FastifyRequest,
  deps: Pick<AuthenticationLookups, 'loadSignedInUser'> & { accessTokens: AccessTokens; clock: () => Date },
): Promise<SignedInUser | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const subject = await deps.accessTokens.verify(header.slice('Bearer '.length).trim(), deps.clock());
  if (!subject) return null;
  const found = await deps.loadSignedInUser(subject.userId);
  return found && found.tokenVersion === subject.version ? found : null;
}

async function setupFromHeader(
  request: FastifyRequest,
  findSetupByKey: AuthenticationLookups['findSetupByKey'],
): Promise<SetupIdentity | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Setup ')) return null;
  const key = header.slice('Setup '.length).trim();
  if (!/^[\w-]{16,128}$/.test(key)) return null;
  return findSetupByKey(key);
}

/** A share link's, participant link's or session's token: 64 hex digits (256 bits, newOpaqueToken). */
const OPAQUE_TOKEN = /^[0-9a-f]{64}$/;

/** The grant of the request's share token; an unknown, expired or revoked one is one 404, alike. */
async function shareFromHeader(
  request: FastifyRequest,
  findShareGrant: AuthenticationLookups['findShareGrant'],
): Promise<ShareGrant> {
  if (!request.headers.authorization?.startsWith('Share '))
    throw unauthenticated('This needs a share link (Authorization: Share <token>)');
  const token = opaqueTokenOf(request, 'Share');
  const unlock = request.headers[SHARE_UNLOCK_HEADER];
  const grant = token ? await findShareGrant(token, typeof unlock === 'string' ? unlock : undefined) : null;
  if (!grant) throw new AppError('not_found', SHARE_LINK_MESSAGES.gone);
  return grant;
}

/** The token of `Authorization: <scheme> <token>` when it has the shape of newOpaqueToken's, else null. */
function opaqueTokenOf(request: FastifyRequest, scheme: string): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith(`${scheme} `)) return null;
  const token = header.slice(scheme.length + 1).trim();
  return OPAQUE_TOKEN.test(token) ? token : null;
}

/** The cohort of a participant link's token; an unknown one is 404 (the module refuses a closed one). */
async function remoteLinkFromHeader(
  request: FastifyRequest,
  findRemoteLink: AuthenticationLookups['findRemoteLink'],
): Promise<RemoteLinkGrant> {
  if (!request.headers.authorization?.startsWith('Remote '))
    throw unauthenticated("This needs a study's participant link (Authorization: Remote <token>)");
  const token = opaqueTokenOf(request, 'Remote');
  const grant = token ? await findRemoteLink(token) : null;
  if (!grant) throw new AppError('not_found', REMOTE_MESSAGES.unknownLink);
  return grant;
}

/** The participant of a live session's token; an unknown or expired one is 401. */
async function remoteSessionFromHeader(
  request: FastifyRequest,
  findRemoteSession: AuthenticationLookups['findRemoteSession'],
): Promise<RemoteSessionGrant> {
  const token = opaqueTokenOf(request, 'Session');
  const grant = token ? await findRemoteSession(token) : null;
  if (!grant) throw unauthenticated(REMOTE_MESSAGES.sessionEnded);
  return grant;
}

/** The remote cohort of a participant link's route. */
export function remoteLinkOf(request: FastifyRequest): RemoteLinkGrant {
  if (!request.remoteLink) throw new AppError('not_found', REMOTE_MESSAGES.unknownLink);
  return request.remoteLink;
}

/** The remote participant of a session's route. */
export function remoteSessionOf(request: FastifyRequest): RemoteSessionGrant {
  if (!request.remoteSession) throw unauthenticated(REMOTE_MESSAGES.sessionEnded);
  return request.remoteSession;
}

/** The share link of a visitor's route. */
export function shareOf(request: FastifyRequest): ShareGrant {
  if (!request.share) throw new AppError('not_found', SHARE_LINK_MESSAGES.gone);
  return request.share;
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

/** The signed-in user (cached with the actor) of a route whose access is not public. */
export function signedInUserOf(request: FastifyRequest): SignedInUser {
  if (!request.signedInUser) throw unauthenticated();
  return request.signedInUser;
}
