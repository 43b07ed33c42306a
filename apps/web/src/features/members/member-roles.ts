import { MEMBER_ROLES, ROLE_NAMES } from '@limbus/contract';

/** Roles a company admin hands out: Admin or Member. */
export const MEMBER_ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }));
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const isMemberRole = (value: string | null): value is MemberRole =>
  MEMBER_ROLES.some((role) => role === value);
