import { managesSuggestions, readerOfUser, type TestDetail, type User } from '@limbus/contract';

/** Who writes, ranks and completes a test's suggestions: the contract's rule, as the server applies it. */
export function canEditSuggestions(
  user: Pick<User, 'role' | 'company_id' | 'company'> | null | undefined,
  test: Pick<TestDetail, 'company_id'>,
): boolean {
  return user ? managesSuggestions(readerOfUser(user), { companyId: test.company_id }) : false;
}
