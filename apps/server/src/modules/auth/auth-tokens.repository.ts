import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authTokens } from '../../db/schema.js';

export type TokenKind = 'refresh' | 'confirmation' | 'reset';

export async function insertToken(
  db: Executor,
  token: { userId: number; kind: TokenKind; tokenHash: string; expiresAt: Date; familyId?: string },
): Promise<void> {
  await db.insert(authTokens).values({ ...token, familyId: token.familyId ?? null });
}

export async function findToken(db: Executor, kind: TokenKind, tokenHash: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.kind, kind), eq(authTokens.tokenHash, tokenHash)));
  return row ?? null;
}

/** Marks a live token used; true only for the one caller that got it (single use under concurrency). */
export async function consumeToken(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.id, id),
        isNull(authTokens.usedAt),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.familyId, familyId), isNull(authTokens.revokedAt)));
}

export async function revokeUserTokens(
  db: Executor,
  userId: number,
  kind: TokenKind,
  now: Date,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.revokedAt)));
}

export const isLive = (token: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date) =>
  token.usedAt === null && token.revokedAt === null && token.expiresAt > now;
