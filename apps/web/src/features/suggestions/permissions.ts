import type { TestDetail, User } from '@limbus/contract';

/**
 * Who writes, ranks and completes a test's suggestions (as the server's 'suggestion.manage'):
 * staff, and the users of the test's company except demo users.
 */
export function canEditSuggestions(
  user: Pick<User, 'role' | 'company_id' | 'company'> | null | undefined,
  test: Pick<TestDetail, 'company_id'>,
): boolean {
  if (!user) return false;
  const isStaff =
    user.role === 'admin' ||
    user.company?.licence_analysis === true ||
    user.company?.licence_research === true;
  return isStaff || (user.company_id === test.company_id && user.role !== 'demo');
}
