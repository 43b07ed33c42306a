import { newOpaqueToken } from '../../auth/opaque-tokens.js';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { insertToken } from './auth-tokens.repository.js';

const HOUR = 60 * 60 * 1000;

/** How long each kind of account token stays valid. */
export const TOKEN_LIFETIMES = {
  refresh: 30 * 24 * HOUR,
  activation: 3 * 24 * HOUR,
  invitation: 7 * 24 * HOUR,
  reset: 2 * HOUR,
} as const;

/** The time `ms` after `now` (when a token expires). */
export const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** Creates the invitation link of a user made by an admin; the caller mails it. */
export async function createInvitationLink(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: Executor,
  userId: number,
) {
  const confirmation = newOpaqueToken();
  await insertToken(tx, {
    userId,
    kind: 'confirmation',
    tokenHash: confirmation.hash,
    expiresAt: later(deps.clock(), TOKEN_LIFETIMES.invitation),
  });
  return `${deps.config.publicUrl}/verify?confirmation_token=${confirmation.token}`;
}
