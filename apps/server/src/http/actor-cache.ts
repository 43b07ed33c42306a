import type { Database } from '../db/client.js';
import { findUserById, type UserRow } from '../modules/users/users.repository.js';
import type { ChangeListener } from './change-listener.js';
import { createNoticedCache, type NoticedCache } from './noticed-cache.js';

/** The user's row (role, company, token version, profile) by id; null for no such user. */
export type ActorCache = NoticedCache<number, UserRow | null>;

/**
 * The user of each signed-in request (DESIGN §3: a removed user, a changed role or a raised token
 * version takes effect at once) without a query per request: users' rows are kept in memory and
 * forgotten when the database says the user, its profile or its company changed, so that the
 * actor and GET /users/me come from memory.
 */
export function createActorCache(db: Database, changes: ChangeListener, now?: () => number): ActorCache {
  return createNoticedCache({
    changes,
    now,
    load: (userId: number) => findUserById(db, userId),
    isStaleAfter: (change, userId, user) =>
      'userId' in change
        ? change.userId === userId
        : 'companyId' in change && user?.companyId === change.companyId,
  });
}
