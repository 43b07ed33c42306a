import type { User } from '@limbus/contract';
import { displayName } from '../auth';

export const CREATE_NEW_USER = 'new';

export type Option = { value: string; label: string };

const toOption = (user: User): Option => {
  const name = displayName(user);
  return { value: String(user.id), label: name === user.email ? user.email : `${name} (${user.email})` };
};
const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/** Company admin choices: demo users, plus 'Create new user' (spec 1 §5). */
export function adminOptions(users: readonly User[]): Option[] {
  return [
    ...users
      .filter((user) => user.role === 'demo')
      .map(toOption)
      .sort(byLabel),
    { value: CREATE_NEW_USER, label: 'Create new user' },
  ];
}

/** Consultant and account manager choices: Super Admins, or members of a company with the research licence. */
export function staffOptions(users: readonly User[]): Option[] {
  return users
    .filter(
      (user) =>
        user.role === 'admin' ||
        ((user.role === 'company_admin' || user.role === 'company_member') &&
          user.company?.licence_research === true),
    )
    .map(toOption)
    .sort(byLabel);
}
