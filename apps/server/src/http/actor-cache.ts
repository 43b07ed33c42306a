import type { ChangeListener } from '../db/change-listener.js';
import type { AuthenticationLookups, SignedInUser } from './authenticate.js';
import { createNoticedCache, type NoticedCache } from './noticed-cache.js';

/** The signed-in user (actor, token version, profile) by id; null for no such user. */
export type ActorCache = NoticedCache<number, SignedInUser | null>;

/**
 * The user of each signed-in request (DESIGN §3: a removed user, a changed role or a raised token
 * version takes effect at once) without a query per request: users loaded by `load` (the users
 * module's) are kept in memory and forgotten when the database says the user, its profile or its
 * company changed, so that the actor and GET /users/me come from memory.
 */
export function createActorCache(
  load: AuthenticationLookups['loadSignedInUser'],
  changes: ChangeListener,
  now?: () => number,
): ActorCache {
  return createNoticedCache({
    changes,
    now,
    load,
    isStaleAfter: (change, userId, signedIn) =>
      'userId' in change
        ? change.userId === userId
        : 'companyId' in change && signedIn?.actor.companyId === change.companyId,
  });
}
