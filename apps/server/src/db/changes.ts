import { EventEmitter } from 'node:events';

/**
 * What the in-memory caches of an API process depend on changed: a user (row or profile), a
 * company, or the tests of a company. Triggers (migrations 0017, 0020, 0021) NOTIFY these on
 * CHANGES_CHANNEL when a transaction commits; db/change-listener.ts hears them.
 */
export type Change =
  | { userId: number }
  | { companyId: number }
  | { testsOfCompanyId: number }
  /** A participant was erased: caches of its data forget it (modules/erasures). */
  | { participantId: number };

/** The channel of the triggers' notices. */
export const CHANGES_CHANNEL = 'limbus_actor_changed';

/** `user:<id>`, `company:<id>`, `tests-of-company:<id>` or `participant:<id>`; null for anything else (forget all). */
export function parseChangeNotice(payload: string | undefined): Change | null {
  const match = /^(user|company|tests-of-company|participant):(\d+)$/.exec(payload ?? '');
  if (!match) return null;
  const id = Number(match[2]);
  if (match[1] === 'user') return { userId: id };
  if (match[1] === 'participant') return { participantId: id };
  return match[1] === 'company' ? { companyId: id } : { testsOfCompanyId: id };
}

/**
 * Changes this process makes (sign-out, a role change, a new test) are announced the moment the
 * repository writes them, so that this process's next request never sees the old state, whatever
 * the database's notice takes. Every cache of the process hears it: tests run several apps in one
 * process, and forgetting too much only costs a query.
 */
const localChanges = new EventEmitter().setMaxListeners(0);

export function announceChange(change: Change): void {
  localChanges.emit('change', change);
}

export function onLocalChange(listener: (change: Change) => void): () => void {
  localChanges.on('change', listener);
  return () => localChanges.off('change', listener);
}
