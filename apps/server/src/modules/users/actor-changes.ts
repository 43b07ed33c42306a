import { EventEmitter } from 'node:events';

export type ActorChange = { userId: number } | { companyId: number };

/**
 * Changes this process makes to an actor (sign-out, password reset, role change, removal) are
 * announced the moment the repository writes them, so that this process's next request never
 * sees the old actor, whatever the database's notice takes (http/actor-cache.ts). Every cache of
 * the process hears it: tests run several apps in one process, and forgetting too much only
 * costs a query.
 */
const localChanges = new EventEmitter().setMaxListeners(0);

export function announceActorChange(change: ActorChange): void {
  localChanges.emit('change', change);
}

export function onActorChange(listener: (change: ActorChange) => void): () => void {
  localChanges.on('change', listener);
  return () => localChanges.off('change', listener);
}
