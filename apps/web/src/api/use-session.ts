import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from './session';

/** The stored token and user; re-renders when either changes (also from another tab). */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
