import {
  accessOfUser,
  isResearcher,
  isStaff,
  managesMember,
  ROLE_NAMES,
  ROLES,
  type Role,
  readerOfUser,
  type User,
} from '@limbus/contract';

type SessionUser = Pick<User, 'role' | 'company'> | null | undefined;

/** The admin area: Super Admins and users of a company with licence_analysis (the server's staff). */
export const usesAdminArea = (user: SessionUser) => (user ? isStaff(accessOfUser(user)) : false);
/** The research area: Super Admins and users of a company with licence_research (the server's researchers). */
export const usesResearchArea = (user: SessionUser) => (user ? isResearcher(accessOfUser(user)) : false);
/** "The company named Demo" of the spec: the server flags it, whatever it is called. */
export const isInDemoCompany = (user: SessionUser) => user?.company?.is_demo === true;
export const isDemoUser = (user: SessionUser) => user?.role === 'demo';
/** Invite, change and remove the members of one's own company, as the server allows it. */
export const canManageMembers = (user: Pick<User, 'role' | 'company_id' | 'company'> | null | undefined) =>
  user ? managesMember(readerOfUser(user), { companyId: user.company_id, role: 'company_member' }) : false;
/** The home company box: members and admins of a company. */
export const hasCompanySummary = (user: SessionUser) =>
  (user?.role === 'company_admin' || user?.role === 'company_member') && Boolean(user.company);

/** Role choices of the admin forms; Super Admin only for users whose own role is admin. */
export function roleOptions(currentRole: Role | undefined): Array<{ value: Role; label: string }> {
  return ROLES.filter((role) => role !== 'admin' || currentRole === 'admin').map((role) => ({
    value: role,
    label: ROLE_NAMES[role],
  }));
}

/** Display name of a user: first and last name, else the e-mail (pending invitations have no name). */
export function displayName(user: Pick<User, 'email' | 'profile'> | null | undefined): string {
  if (!user) return '';
  const name = `${user.profile.first_name} ${user.profile.last_name}`.trim();
  return name || user.email;
}

/** After sign-in: demo users land on /demo, everyone else on /home (spec 1 §4). */
export const homePathFor = (user: Pick<User, 'role'>) => (user.role === 'demo' ? '/demo' : '/home');
