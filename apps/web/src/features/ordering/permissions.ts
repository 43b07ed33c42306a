import { ordersTests, type User } from '@limbus/contract';

/**
 * Who may order tests: company users and staff. The demo company is shared by everyone who signed
 * up, so demo users look at its tests without creating or changing any (the server refuses too).
 */
export const canOrderTests = (user: Pick<User, 'role'> | null | undefined) =>
  user ? ordersTests(user) : false;
