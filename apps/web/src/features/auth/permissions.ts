import { ROLE_NAMES, ROLES, type Role, type User } from '@limbus/contract';

/** The demo company keeps id 1 (spec 1 §9); the coupling of role demo uses it. */
export const DEMO_COMPANY_ID = 1;

type SessionUser = Pick<User, 'role' | 'company'> | null | undefined;

export const hasAnalysisLicence = (user: SessionUser) => user?.company?.licence_analysis === true;
export const hasResearchLicence = (user: SessionUser) => user?.company?.licence_research === true;
/** "The company named Demo" of the spec: the server flags it, whatever it is called. */
export const isInDemoCompany = (user: SessionUser) => user?.company?.is_demo === true;
export const isDemoUser = (user: SessionUser) => user?.role === 'demo';
export const canManageMembers = (user: SessionUser) => user?.role === 'company_admin';
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
