import type { User } from '@limbus/contract';
import { isDemoUser, isInDemoCompany, usesAdminArea } from '../features/auth';

export type SidebarKey =
  | 'home'
  | 'tests'
  | 'predictions'
  | 'research'
  | 'resources'
  | 'organisation'
  | 'members'
  | 'account'
  | 'admin'
  | 'support';

export type SidebarEntry = {
  key: SidebarKey;
  label: string;
  to: string;
  external?: boolean;
  disabled?: boolean;
};

/**
 * The sidebar's main entries for a user, with the visibility rules of spec 1 §2 and §6, and
 * Predictions (spec 3), which spec 1's list leaves out (docs/decisions/predictions.md).
 */
export function getSidebarEntries(
  user: Pick<User, 'role' | 'company'> | null,
  supportUrl: string,
): SidebarEntry[] {
  const analysis = usesAdminArea(user);
  const demoCompany = isInDemoCompany(user);
  const entries: Array<SidebarEntry | false> = [
    { key: 'home', label: 'Home', to: '/home' },
    { key: 'tests', label: 'User tests', to: '/tests' },
    { key: 'predictions', label: 'Predictions', to: '/predictions' },
    analysis && { key: 'research', label: 'Research', to: '/research' },
    { key: 'resources', label: 'Resources', to: '/resources' },
    !demoCompany && { key: 'organisation', label: 'Organisation', to: '/organisation' },
    !demoCompany && { key: 'members', label: 'Members', to: '/members', disabled: isDemoUser(user) },
    { key: 'account', label: 'Account', to: '/account' },
    analysis && { key: 'admin', label: 'Admin', to: '/admin/companies' },
    { key: 'support', label: 'Support', to: supportUrl, external: true },
  ];
  return entries.filter((entry): entry is SidebarEntry => entry !== false);
}
