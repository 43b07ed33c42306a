import type { User } from '@limbus/contract';
import type { Actor } from '../../http/policy.js';
import type { UserRow } from './users.repository.js';

/** What access checks need of a user (no password hash, no profile). */
export const toActor = (row: UserRow): Actor => ({
  id: row.id,
  role: row.role,
  companyId: row.companyId,
  company: row.company,
});

export const toUnixSeconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : 0);

export function toUserAnswer(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    company_id: row.companyId,
    company: row.company
      ? {
          id: row.company.id,
          name: row.company.name,
          licence_analysis: row.company.licenceAnalysis,
          licence_research: row.company.licenceResearch,
          is_demo: row.company.isDemo,
          is_provider: row.company.isProvider,
        }
      : null,
    profile: {
      first_name: row.firstName,
      last_name: row.lastName,
      newsletter: row.newsletter,
      language: row.language,
    },
    last_login: toUnixSeconds(row.lastLoginAt),
    confirmed: row.confirmedAt !== null,
  };
}
