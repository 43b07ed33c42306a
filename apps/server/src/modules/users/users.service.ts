import type { Role, User } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, forbidden } from '../../http/app-error.js';
import type { SignedInUser } from '../../http/authenticate.js';
import { loadFor } from '../../http/load-for.js';
import {
  type Actor,
  authorize,
  authorizeFound,
  can,
  isSuperAdmin,
  mayBeResearcher,
} from '../../http/policy.js';
import { invitationMail } from '../../mail/templates.js';
import { createInvitationLink } from '../auth/account-tokens.js';
import { toActor, toUserAnswer } from './users.mappers.js';
import {
  clearCompanyAdmin,
  deleteUserRow,
  emailExists,
  findMemberCompany,
  findUserById,
  insertUser,
  listCompanyUsers,
  listUsers,
  type MemberCompany,
  type UserRow,
  updateProfile,
  updateUserRow,
} from './users.repository.js';

const emailTaken = () =>
  AppError.fieldError('conflict', 'email', 'This e-mail address already has an account.');

const readableUser = (deps: Deps, actor: Actor, id: number): Promise<UserRow> =>
  loadFor(actor, 'user.read', 'The user', findUserById(deps.db, id));

/** The user as stored now (after a write the service made). */
const storedUser = async (deps: Deps, id: number): Promise<User> =>
  toUserAnswer((await findUserById(deps.db, id)) as UserRow);

export async function getUser(deps: Deps, actor: Actor, id: number): Promise<User> {
  return toUserAnswer(await readableUser(deps, actor, id));
}

export async function getAllUsers(deps: Deps, actor: Actor): Promise<User[]> {
  authorize(actor, 'user.list', undefined);
  return (await listUsers(deps.db)).map(toUserAnswer);
}

/** The users a test's researcher may be (GET /researchers, the setup editor's picker). */
export async function getResearchers(deps: Deps): Promise<User[]> {
  return (await listUsers(deps.db)).filter(mayBeResearcher).map(toUserAnswer);
}

export async function getCompanyUsers(
  deps: Deps,
  actor: Actor,
  companyId: number,
  roles?: Role[],
): Promise<User[]> {
  authorizeFound(actor, 'company.members', 'The company', { id: companyId });
  return (await listCompanyUsers(deps.db, companyId, roles)).map(toUserAnswer);
}

/** The company a user is put in: 400 when there is none. */
async function memberCompany(deps: Deps, companyId: number): Promise<MemberCompany> {
  const company = await findMemberCompany(deps.db, companyId);
  if (!company) throw AppError.fieldError('validation', 'company_id', 'This company does not exist');
  return company;
}

/** The demo company holds exactly the demo users (spec: company 1 ⇔ role demo). */
function ensureRoleFitsCompany(role: Role, company: MemberCompany | null): void {
  if (company?.isDemo && role !== 'demo') {
    throw AppError.fieldError('validation', 'role', 'Users of the demo company have the role Demo User');
  }
  if (role === 'demo' && !company?.isDemo) {
    throw AppError.fieldError('validation', 'role', 'Demo users belong to the demo company');
  }
}

/** An admin or company admin adds a user; the user gets an invitation mail to set name and password. */
export async function inviteUser(
  deps: Deps,
  actor: Actor,
  input: { email: string; role: Role; company_id: number },
): Promise<User> {
  authorizeFound(actor, 'member.manage', 'The company', { companyId: input.company_id, role: input.role });
  const company = await memberCompany(deps, input.company_id);
  ensureRoleFitsCompany(input.role, company);
  if (await emailExists(deps.db, input.email)) throw emailTaken();
  const { userId, link } = await deps.db
    .transaction(async (tx) => {
      const userId = await insertUser(tx, {
        email: input.email,
        role: input.role,
        companyId: company.id,
        passwordHash: null,
      });
      return { userId, link: await createInvitationLink(deps, tx, userId) };
    })
    .catch(async (error: unknown) => {
      if (await emailExists(deps.db, input.email)) throw emailTaken();
      throw error;
    });
  await deps.mailer.send(invitationMail(input.email, company.name, link));
  return storedUser(deps, userId);
}

export type UserChanges = {
  email?: string;
  role?: Role;
  company_id?: number;
  profile?: { first_name?: string; last_name?: string; newsletter?: boolean; language?: string };
};

/**
 * Users change their own names; company admins their members' names and roles (Admin, Member);
 * staff everything but Super Admin, which only a Super Admin grants, changes or removes.
 */
export async function updateUser(deps: Deps, actor: Actor, id: number, changes: UserChanges): Promise<User> {
  const user = await readableUser(deps, actor, id);
  const role = changes.role ?? user.role;
  const companyId = changes.company_id ?? user.companyId;
  const isAccountChange =
    (changes.role !== undefined && changes.role !== user.role) ||
    (changes.company_id !== undefined && changes.company_id !== user.companyId) ||
    (changes.email !== undefined && changes.email !== user.email);
  if (changes.profile) authorize(actor, 'user.update_profile', user);
  if (isAccountChange) {
    authorize(actor, 'member.manage', user);
    authorizeFound(actor, 'member.manage', 'The company', { companyId, role });
    if (actor.id === user.id && !isSuperAdmin(actor))
      throw forbidden('You cannot change your own role or company');
    if (
      changes.email !== undefined &&
      changes.email !== user.email &&
      !can(actor, 'company.manage', undefined)
    ) {
      throw forbidden('Only staff can change an e-mail address');
    }
    ensureRoleFitsCompany(role, companyId === null ? null : await memberCompany(deps, companyId));
  }
  if (
    changes.email !== undefined &&
    changes.email !== user.email &&
    (await emailExists(deps.db, changes.email))
  ) {
    throw emailTaken();
  }
  await deps.db.transaction(async (tx) => {
    if (isAccountChange) {
      await updateUserRow(tx, id, { email: changes.email, role, companyId });
      // A company admin who moves away or stops being an admin is no longer the company's admin.
      if (role !== 'company_admin' || companyId !== user.companyId)
        await clearCompanyAdmin(tx, id, companyId);
    }
    if (changes.profile) {
      const { first_name, last_name, newsletter, language } = changes.profile;
      await updateProfile(tx, id, {
        ...(first_name === undefined ? {} : { firstName: first_name }),
        ...(last_name === undefined ? {} : { lastName: last_name }),
        ...(newsletter === undefined ? {} : { newsletter }),
        ...(language === undefined ? {} : { language }),
      });
    }
  });
  return storedUser(deps, id);
}

export async function deleteUser(deps: Deps, actor: Actor, id: number): Promise<void> {
  const user = await readableUser(deps, actor, id);
  if (user.id === actor.id) throw forbidden('You cannot remove your own account');
  authorize(actor, 'member.manage', user);
  await deleteUserRow(deps.db, id);
}

/** The signed-in user of a request by id (authentication's lookup); null for no such user. */
export async function loadSignedInUser(deps: Pick<Deps, 'db'>, userId: number): Promise<SignedInUser | null> {
  const row = await findUserById(deps.db, userId);
  return row && { actor: toActor(row), tokenVersion: row.tokenVersion, user: toUserAnswer(row) };
}

// For authentication (auth), the demo seed, the companies' admins and the checks of other modules (a test's
// requester and researcher, an article's author): accounts as stored, read and written without an
// actor's access, which the callers check.
export {
  emailExists,
  findActor,
  findUserByEmail,
  findUserById,
  findUsersByIds,
  insertUser,
  raiseTokenVersion,
  type UserRow,
  updateProfile,
  updateUserRow,
} from './users.repository.js';
