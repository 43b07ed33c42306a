import { randomUUID } from 'node:crypto';
import { MESSAGES, type User } from '@limbus/contract';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { isResearcher, isStaff } from '../../http/policy.js';
import { accountExistsMail, activationMail, noAccountMail, passwordResetMail } from '../../mail/templates.js';
import { toIsoDate } from '../contracts/contract-rules.js';
import { hasActiveContract } from '../contracts/contracts.service.js';
import { toUserAnswer } from '../users/users.mappers.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  raiseTokenVersion,
  type UserRow,
  updateProfile,
  updateUserRow,
} from '../users/users.service.js';
import { later, TOKEN_LIFETIMES } from './account-tokens.js';
import { findDemoCompanyId } from './auth.repository.js';
import {
  consumeToken,
  findToken,
  insertToken,
  isLive,
  revokeFamily,
  revokeUserTokens,
} from './auth-tokens.repository.js';
import { countFailedSignIn, forgetFailedSignIns, waitBeforeSignIn } from './sign-in-throttle.js';

/** A rotated refresh token still answers the pair it was rotated into for this long (two tabs refreshing at once). */
export const REFRESH_GRACE_MS = 10_000;

const linkExpired = () => AppError.fieldError('validation', 'confirmation_token', MESSAGES.linkExpired);

export type Session = { accessToken: string; refreshToken: string; user: User };

/**
 * Signs in by e-mail address and password. After repeated failures for the address each attempt
 * first waits (sign-in-throttle.ts), wherever it comes from (`address`: the client's, for the audit).
 */
export async function signIn(
  deps: Deps,
  email: string,
  password: string,
  address: string | null = null,
): Promise<Session> {
  await waitBeforeSignIn(deps, email);
  const user = await findUserByEmail(deps.db, email);
  const isPasswordRight = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !isPasswordRight) {
    await countFailedSignIn(deps, email, user, address);
    throw AppError.fieldError('unauthenticated', 'password', MESSAGES.invalidCredentials);
  }
  await forgetFailedSignIns(deps, email);
  if (!user.confirmedAt) {
    throw AppError.fieldError(
      'unauthenticated',
      'email',
      'Please activate your account first with the link in the e-mail we sent you.',
    );
  }
  await ensureContractAllowsSignIn(deps, user);
  const now = deps.clock();
  await updateUserRow(deps.db, user.id, { lastLoginAt: now });
  return startSession(deps, { ...user, lastLoginAt: now }, randomUUID());
}

/** Client users need an active contract; Super Admins, provider staff and demo users do not. */
async function ensureContractAllowsSignIn(deps: Deps, user: UserRow): Promise<void> {
  if (user.role === 'demo' || isStaff(user) || isResearcher(user)) return;
  const today = toIsoDate(deps.clock());
  if (user.companyId !== null && (await hasActiveContract(deps.db, user.companyId, today))) return;
  throw AppError.fieldError('forbidden', 'contract', MESSAGES.noActiveContract);
}

async function startSession(deps: Deps, user: UserRow, familyId: string): Promise<Session> {
  const now = deps.clock();
  const refresh = newOpaqueToken();
  await insertToken(deps.db, {
    userId: user.id,
    kind: 'refresh',
    tokenHash: refresh.hash,
    familyId,
    expiresAt: later(now, TOKEN_LIFETIMES.refresh),
  });
  const accessToken = await deps.accessTokens.issue({ userId: user.id, version: user.tokenVersion }, now);
  return { accessToken, refreshToken: refresh.token, user: toUserAnswer(user) };
}

const sessionEnded = () => new AppError('unauthenticated', 'Your session has ended. Please sign in again.');

/**
 * Rotates the refresh token: the used token is consumed and its successor stored in one
 * transaction. The successor is derived from the used token (AccessTokens.nextRefreshToken), so
 * the used token answers the same new pair for REFRESH_GRACE_MS in every API process (two tabs
 * refreshing at once, each perhaps on another process); presenting it after that revokes its family.
 */
export async function refreshSession(deps: Deps, refreshToken: string | undefined): Promise<Session> {
  const expired = sessionEnded();
  if (!refreshToken) throw expired;
  const now = deps.clock();
  const tokenHash = hashOpaqueToken(refreshToken);
  const stored = await findToken(deps.db, 'refresh', tokenHash);
  if (!stored?.familyId) throw expired;
  const familyId = stored.familyId;
  const user = await findUserById(deps.db, stored.userId);
  if (!user) throw expired;
  const next = deps.accessTokens.nextRefreshToken(refreshToken);
  const isRotated = await deps.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, stored.id, now))) return false;
    await insertToken(tx, {
      userId: user.id,
      kind: 'refresh',
      tokenHash: hashOpaqueToken(next),
      familyId,
      expiresAt: later(now, TOKEN_LIFETIMES.refresh),
    });
    return true;
  });
  if (isRotated) {
    await endSessionWithoutContract(deps, user, familyId, now);
    return sessionOf(deps, user, next, now);
  }
  // Used already (read again: the other refresh may have committed since the first read).
  const current = await findToken(deps.db, 'refresh', tokenHash);
  const rotatedAt = current?.usedAt;
  if (
    current &&
    current.revokedAt === null &&
    rotatedAt &&
    now.getTime() - rotatedAt.getTime() < REFRESH_GRACE_MS
  ) {
    const successor = await findToken(deps.db, 'refresh', hashOpaqueToken(next));
    if (successor && successor.revokedAt === null) {
      await endSessionWithoutContract(deps, user, familyId, now);
      return sessionOf(deps, user, next, rotatedAt);
    }
  }
  if (current && (current.usedAt !== null || current.revokedAt === null))
    await revokeFamily(deps.db, familyId, now);
  throw expired;
}

/** A contract that ended after sign-in ends the session at the next refresh. */
async function endSessionWithoutContract(deps: Deps, user: UserRow, familyId: string, now: Date) {
  try {
    await ensureContractAllowsSignIn(deps, user);
  } catch (error) {
    await revokeFamily(deps.db, familyId, now);
    throw error;
  }
}

/** The pair of a rotation, the access token issued at its time (the same token when asked again). */
async function sessionOf(deps: Deps, user: UserRow, refreshToken: string, issuedAt: Date): Promise<Session> {
  const accessToken = await deps.accessTokens.issue(
    { userId: user.id, version: user.tokenVersion },
    issuedAt,
  );
  return { accessToken, refreshToken, user: toUserAnswer(user) };
}

export async function signOut(deps: Deps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const stored = await findToken(deps.db, 'refresh', hashOpaqueToken(refreshToken));
  if (!stored?.familyId) return;
  await deps.db.transaction(async (tx) => {
    await revokeFamily(tx, stored.familyId as string, deps.clock());
    await raiseTokenVersion(tx, stored.userId);
  });
}

/**
 * Self sign-up makes a demo user of the demo company and mails an activation link. An address
 * that already has an account gets a mail saying so; the answer is the same either way.
 */
export async function signUp(
  deps: Deps,
  input: {
    email: string;
    password: string;
    profile: { first_name: string; last_name: string; newsletter?: boolean };
  },
): Promise<void> {
  // Both paths hash, make a token, write and mail, so that the time taken does not tell whether
  // the address has an account.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps.db, input.email);
  const demoCompanyId = await findDemoCompanyId(deps.db);
  if (existing) {
    // a transaction of two statements, as the new account's (its user and token rows)
    await deps.db.transaction(async (tx) => {
      await findUserById(tx, existing.id);
      await findToken(tx, 'confirmation', newOpaqueToken().hash);
    });
    await deps.mailer.send(
      accountExistsMail(
        input.email,
        `${deps.config.publicUrl}/signup`,
        `${deps.config.publicUrl}/forgot-password`,
      ),
    );
    return;
  }
  const confirmation = newOpaqueToken();
  const now = deps.clock();
  try {
    await deps.db.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        email: input.email,
        role: 'demo',
        companyId: demoCompanyId,
        passwordHash,
        firstName: input.profile.first_name,
        lastName: input.profile.last_name,
        newsletter: input.profile.newsletter ?? false,
      });
      await insertToken(tx, {
        userId,
        kind: 'confirmation',
        tokenHash: confirmation.hash,
        expiresAt: later(now, TOKEN_LIFETIMES.activation),
      });
    });
  } catch (error) {
    // Two sign-ups of one address at once: the loser is treated like an existing account.
    if (await findUserByEmail(deps.db, input.email)) return;
    throw error;
  }
  const link = `${deps.config.publicUrl}/activate?confirmation_token=${confirmation.token}`;
  await deps.mailer.send(activationMail(input.email, input.profile.first_name, link));
}

/**
 * Activation (sign-up: nothing to send) or invitation (/verify: password and names). The token
 * is consumed only when the rest is valid, so a mistake in the form does not burn the link.
 */
export async function confirmAccount(
  deps: Deps,
  token: string,
  input: { password?: string; profile?: { first_name: string; last_name: string; newsletter?: boolean } },
): Promise<void> {
  const now = deps.clock();
  const stored = await findToken(deps.db, 'confirmation', hashOpaqueToken(token));
  if (!stored || !isLive(stored, now)) throw linkExpired();
  const user = await findUserById(deps.db, stored.userId);
  if (!user) throw linkExpired();
  const needsAccountDetails = user.passwordHash === null;
  if (needsAccountDetails && (!input.password || !input.profile)) {
    const errors: Record<string, string[]> = {};
    if (!input.password) errors.password = [MESSAGES.required];
    if (!input.profile) errors.first_name = [MESSAGES.required];
    if (!input.profile) errors.last_name = [MESSAGES.required];
    throw new AppError('validation', 'Set your name and password to finish your account', errors);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await deps.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, stored.id, now))) throw linkExpired();
    await updateUserRow(tx, user.id, {
      confirmedAt: user.confirmedAt ?? now,
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (input.profile) {
      await updateProfile(tx, user.id, {
        firstName: input.profile.first_name,
        lastName: input.profile.last_name,
        ...(input.profile.newsletter === undefined ? {} : { newsletter: input.profile.newsletter }),
      });
    }
  });
}

export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  const reset = newOpaqueToken();
  // An address without an account is told so, by mail: both paths do the same work and answer alike.
  if (!user) {
    await findToken(deps.db, 'reset', reset.hash); // a statement in place of the token's insert
    return deps.mailer.send(noAccountMail(email, `${deps.config.publicUrl}/signup`));
  }
  await insertToken(deps.db, {
    userId: user.id,
    kind: 'reset',
    tokenHash: reset.hash,
    expiresAt: later(deps.clock(), TOKEN_LIFETIMES.reset),
  });
  await deps.mailer.send(
    passwordResetMail(user.email, `${deps.config.publicUrl}/new-password?token=${reset.token}`),
  );
}

/** Sets the new password, confirms the address it was mailed to and ends every open session. */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const now = deps.clock();
  const invalid = () =>
    AppError.fieldError(
      'validation',
      'reset_password_token',
      'This reset link has expired or was already used. Ask for a new one.',
    );
  const stored = await findToken(deps.db, 'reset', hashOpaqueToken(token));
  if (!stored || !isLive(stored, now)) throw invalid();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, stored.id, now))) throw invalid();
    const user = await findUserById(tx, stored.userId);
    if (!user) throw invalid();
    await updateUserRow(tx, user.id, { passwordHash, confirmedAt: user.confirmedAt ?? now });
    await revokeUserTokens(tx, stored.userId, 'refresh', now);
    await revokeUserTokens(tx, stored.userId, 'reset', now);
    await raiseTokenVersion(tx, stored.userId);
  });
}
