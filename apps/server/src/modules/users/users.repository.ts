import type { Role } from '@limbus/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { announceChange } from '../../db/changes.js';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { companies, profiles, users } from '../../db/schema.js';
import type { Actor, CompanyFlags } from '../../http/policy.js';

/** The company of a user with the flags access depends on (null columns without a company). */
const companyFlagColumns = {
  companyRowId: companies.id,
  companyName: companies.name,
  isDemo: companies.isDemo,
  isProvider: companies.isProvider,
  licenceAnalysis: companies.licenceAnalysis,
  licenceResearch: companies.licenceResearch,
};

export type UserRow = {
  id: number;
  email: string;
  role: Role;
  companyId: number | null;
  passwordHash: string | null;
  confirmedAt: Date | null;
  lastLoginAt: Date | null;
  tokenVersion: number;
  firstName: string;
  lastName: string;
  newsletter: boolean;
  language: string;
  company: CompanyFlags | null;
};

function selectUsers(db: Executor) {
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      companyId: users.companyId,
      passwordHash: users.passwordHash,
      confirmedAt: users.confirmedAt,
      lastLoginAt: users.lastLoginAt,
      tokenVersion: users.tokenVersion,
      firstName: sql<string>`coalesce(${profiles.firstName}, '')`,
      lastName: sql<string>`coalesce(${profiles.lastName}, '')`,
      newsletter: sql<boolean>`coalesce(${profiles.newsletter}, false)`,
      language: sql<string>`coalesce(${profiles.language}, '')`,
      ...companyFlagColumns,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(companies, eq(companies.id, users.companyId));
}

type SelectedUser = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

/** The company columns of a user row, null when the user has no company. */
type CompanyColumns = {
  companyRowId: number | null;
  companyName: string | null;
  isDemo: boolean | null;
  isProvider: boolean | null;
  licenceAnalysis: boolean | null;
  licenceResearch: boolean | null;
};

function toCompanyFlags(row: CompanyColumns): CompanyFlags | null {
  return row.companyRowId === null
    ? null
    : {
        id: row.companyRowId,
        name: row.companyName ?? '',
        isDemo: row.isDemo ?? false,
        isProvider: row.isProvider ?? false,
        licenceAnalysis: row.licenceAnalysis ?? false,
        licenceResearch: row.licenceResearch ?? false,
      };
}

function toUserRow(row: SelectedUser): UserRow {
  const { companyRowId, companyName, isDemo, isProvider, licenceAnalysis, licenceResearch, ...user } = row;
  return { ...user, company: toCompanyFlags(row) };
}

/** GET /users/me runs it on every call. */
const userByIdQuery = preparedPerDatabase((db) =>
  selectUsers(db)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_user_by_id'),
);

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await userByIdQuery(db).execute({ id });
  return row ? toUserRow(row) : null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await selectUsers(db).where(eq(users.email, email.toLowerCase()));
  return row ? toUserRow(row) : null;
}

export async function findUsersByIds(db: Executor, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return (await selectUsers(db).where(inArray(users.id, ids))).map(toUserRow);
}

export async function listUsers(db: Executor): Promise<UserRow[]> {
  return (await selectUsers(db).orderBy(asc(users.id))).map(toUserRow);
}

export async function listCompanyUsers(db: Executor, companyId: number, roles?: Role[]): Promise<UserRow[]> {
  const condition = roles?.length
    ? and(eq(users.companyId, companyId), inArray(users.role, roles))
    : eq(users.companyId, companyId);
  return (await selectUsers(db).where(condition).orderBy(asc(users.id))).map(toUserRow);
}

/**
 * The actor's query runs on every signed-in request, so it selects only what an Actor holds and
 * is prepared once per database: drizzle would otherwise build its SQL again each time (on the
 * embedded database that was a sixth of a simple read's CPU, bench/load.ts).
 */
function prepareActorQuery(db: Executor) {
  return db
    .select({
      id: users.id,
      role: users.role,
      companyId: users.companyId,
      tokenVersion: users.tokenVersion,
      ...companyFlagColumns,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_actor');
}
const actorQueries = new WeakMap<Executor, ReturnType<typeof prepareActorQuery>>();

/** The actor of a user, with the token version their access tokens must carry. */
export async function findActor(
  db: Executor,
  id: number,
): Promise<(Actor & { tokenVersion: number }) | null> {
  let query = actorQueries.get(db);
  if (!query) {
    query = prepareActorQuery(db);
    actorQueries.set(db, query);
  }
  const [row] = await query.execute({ id });
  if (!row) return null;
  const { id: userId, role, companyId, tokenVersion } = row;
  return { id: userId, role, companyId, company: toCompanyFlags(row), tokenVersion };
}

/** Ends every access token issued to the user so far (sign-out, password reset). */
export async function raiseTokenVersion(db: Executor, id: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
  announceChange({ userId: id });
}

export async function insertUser(
  db: Executor,
  user: {
    email: string;
    role: Role;
    companyId: number | null;
    passwordHash: string | null;
    confirmedAt?: Date | null;
    firstName?: string;
    lastName?: string;
    newsletter?: boolean;
  },
): Promise<number> {
  const [created] = await db
    .insert(users)
    .values({
      email: user.email.toLowerCase(),
      role: user.role,
      companyId: user.companyId,
      passwordHash: user.passwordHash,
      confirmedAt: user.confirmedAt ?? null,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('insert into users returned no row');
  await db.insert(profiles).values({
    userId: created.id,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    newsletter: user.newsletter ?? false,
  });
  return created.id;
}

export async function updateUserRow(
  db: Executor,
  id: number,
  changes: Partial<{
    email: string;
    role: Role;
    companyId: number | null;
    passwordHash: string;
    confirmedAt: Date;
    lastLoginAt: Date;
  }>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  announceChange({ userId: id });
}

export async function updateProfile(
  db: Executor,
  userId: number,
  changes: Partial<{ firstName: string; lastName: string; newsletter: boolean; language: string }>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(profiles)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: profiles.userId, set: changes });
  announceChange({ userId });
}

export async function deleteUserRow(db: Executor, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
  announceChange({ userId: id });
}

export async function emailExists(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row !== undefined;
}

/** What a user's role must fit of the company they are put in (demo company: demo users only). */
export type MemberCompany = { id: number; name: string; isDemo: boolean };

export async function findMemberCompany(db: Executor, companyId: number): Promise<MemberCompany | null> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, isDemo: companies.isDemo })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company ?? null;
}

/** Unsets the user as admin of every company but `keepCompanyId` (when they stay its admin). */
export async function clearCompanyAdmin(
  db: Executor,
  userId: number,
  keepCompanyId: number | null,
): Promise<void> {
  const condition =
    keepCompanyId === null
      ? eq(companies.adminId, userId)
      : and(eq(companies.adminId, userId), ne(companies.id, keepCompanyId));
  await db.update(companies).set({ adminId: null }).where(condition);
}
