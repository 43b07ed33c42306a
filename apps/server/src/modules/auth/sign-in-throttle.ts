import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { type AuditContext, recordAudit } from '../audit/audit.service.js';
import type { UserRow } from '../users/users.service.js';
import {
  clearSignInFailures,
  countSignInFailure,
  deleteEndedSignInFailures,
  readSignInFailures,
} from './auth.repository.js';

/**
 * The per-account slow-down of sign-ins (issue 28, finding 9; docs/security.md). The rate limit
 * of the sign-in route counts per address; an attacker with many addresses is slowed down here,
 * per account: after FREE_FAILURES failed sign-ins each further attempt for that e-mail address
 * waits, 1 s, 2 s, 4 s … up to MAX_DELAY_MS, whatever address it comes from, before the password
 * is checked. It is a delay, never a lockout: the right password after the wait signs in (and
 * forgets the failures), so nobody can lock a user out by failing on purpose.
 *
 * The failures are counted by the normalised address, not by the account, and alike for an
 * address without an account, so that neither the delay nor its work tells whether one exists.
 * Each failure keeps the count for FAILURE_WINDOW_MS more; the counts live in `rate_limits`,
 * shared by every API process.
 */
export const FREE_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30 * 1000;

/** The wait of an attempt after `failures` failed sign-ins in the window. */
export function signInDelayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 20));
}

const KEY_PREFIX = 'sign-in failures|';

/** One in this many failures also removes the counts whose time ran out (addresses tried once and left). */
const CLEANUP_EVERY = 100;

/** The counter of an address: a hash, so that the shared counters hold no e-mail address. */
export function failureKeyOf(email: string): string {
  const normalised = email.trim().toLowerCase();
  return `${KEY_PREFIX}${createHash('sha256').update(normalised).digest('base64url')}`;
}

export type SignInDeps = Pick<Deps, 'db' | 'clock' | 'sleep'>;

/** Waits as long as the failures of `email` ask before its password is checked; answers the wait. */
export async function waitBeforeSignIn(deps: SignInDeps, email: string): Promise<number> {
  const failures = await readSignInFailures(deps.db, failureKeyOf(email), deps.clock());
  const delay = signInDelayAfter(failures);
  if (delay > 0) await deps.sleep(delay);
  return delay;
}

/**
 * Counts a failed sign-in of `email` (of `user`, null when the address has no account) and
 * answers the wait of the next attempt. The failure that starts a slow-down is audited, once per
 * run of failures: the account's company sees it in its trail.
 */
export async function countFailedSignIn(
  deps: SignInDeps,
  email: string,
  user: UserRow | null,
  address: string | null,
): Promise<number> {
  const now = deps.clock();
  const failures = await countSignInFailure(deps.db, failureKeyOf(email), now, FAILURE_WINDOW_MS);
  if (Math.random() * CLEANUP_EVERY < 1) await deleteEndedSignInFailures(deps.db, KEY_PREFIX, now);
  if (failures === FREE_FAILURES) {
    const context: AuditContext = {
      actor: user ? { id: user.id, label: user.email } : { id: null, label: 'An address without an account' },
      address,
    };
    await recordAudit(deps, context, {
      action: 'sign_in_throttled',
      companyId: user?.companyId ?? null,
      testId: null,
      detail: {
        failures,
        window_minutes: FAILURE_WINDOW_MS / 60_000,
        first_delay_seconds: FIRST_DELAY_MS / 1000,
        max_delay_seconds: MAX_DELAY_MS / 1000,
      },
    });
  }
  return signInDelayAfter(failures);
}

/** The right password: the failures of `email` are forgotten. */
export async function forgetFailedSignIns(deps: SignInDeps, email: string): Promise<void> {
  await clearSignInFailures(deps.db, failureKeyOf(email));
}
