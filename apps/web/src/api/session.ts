import { ROLES, TOKEN_WAIT_INTERVAL_MS, type User } from '@limbus/contract';

/** localStorage keys of the session: the bearer token and the signed-in user. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
const BEARER_PREFIX = 'Bearer ';

type Listener = () => void;
const listeners = new Set<Listener>();

export type Session = { token: string | null; user: User | null };
/** The last snapshot and the raw stored values it was read from (a stable object for React). */
let snapshot: { rawToken: string | null; rawUser: string | null; session: Session } | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored token, only when it is a bearer token; anything else is discarded. */
export function readToken(): string | null {
  const store = storage();
  const value = store?.getItem(TOKEN_KEY) ?? null;
  if (value === null) return null;
  if (!value.startsWith(BEARER_PREFIX) || value.length === BEARER_PREFIX.length) {
    store?.removeItem(TOKEN_KEY);
    return null;
  }
  return value;
}

/**
 * A light shape check of the stored user (the shell must not pull the schema library in just for
 * this): the fields the shell reads.
 */
function isStoredUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const user = value as Partial<User>;
  return (
    typeof user.id === 'number' &&
    typeof user.email === 'string' &&
    ROLES.some((role) => role === user.role) &&
    typeof user.profile === 'object' &&
    user.profile !== null &&
    typeof user.profile.first_name === 'string' &&
    typeof user.profile.last_name === 'string' &&
    (user.company === null || typeof user.company === 'object')
  );
}

/** The stored user, or null when missing or not a user object (then it is discarded). */
export function readUser(): User | null {
  const store = storage();
  const raw = store?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isStoredUser(parsed)) return parsed;
  } catch {
    // not JSON: fall through and discard it
  }
  store?.removeItem(USER_KEY);
  return null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function storeAccessToken(accessToken: string): void {
  storage()?.setItem(TOKEN_KEY, `${BEARER_PREFIX}${accessToken}`);
  notify();
}

export function storeUser(user: User): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

/** Sign-in keeps both the token and the user. */
export function storeSession(accessToken: string, user: User): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, `${BEARER_PREFIX}${accessToken}`);
  store?.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
  notify();
}

/** The current session; the same object while the stored values stay the same. */
export function getSession(): Session {
  const store = storage();
  const rawToken = store?.getItem(TOKEN_KEY) ?? null;
  const rawUser = store?.getItem(USER_KEY) ?? null;
  if (snapshot === null || snapshot.rawToken !== rawToken || snapshot.rawUser !== rawUser) {
    const session = { token: readToken(), user: readUser() };
    // reading may have discarded bad values: remember what is stored now
    snapshot = {
      rawToken: store?.getItem(TOKEN_KEY) ?? null,
      rawUser: store?.getItem(USER_KEY) ?? null,
      session,
    };
  }
  return snapshot.session;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // another tab signed in or out
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Resolves with the token once one is stored, checking every TOKEN_WAIT_INTERVAL_MS; resolves with
 * null after `timeoutMs` (or when aborted).
 */
export function waitForToken(
  timeoutMs: number,
  { intervalMs = TOKEN_WAIT_INTERVAL_MS, signal }: { intervalMs?: number; signal?: AbortSignal } = {},
): Promise<string | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      const token = readToken();
      if (token !== null || signal?.aborted || Date.now() - started >= timeoutMs) {
        clearInterval(timer);
        resolve(signal?.aborted ? null : token);
      }
    };
    const timer = setInterval(check, intervalMs);
    check();
  });
}
