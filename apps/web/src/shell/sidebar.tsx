import type { User } from '@limbus/contract';
import { ROLE_NAMES } from '@limbus/contract';
import { Box, Button, Divider, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBook2,
  IconBuilding,
  IconExternalLink,
  IconFlame,
  IconHome,
  IconLifebuoy,
  IconListDetails,
  IconMicroscope,
  IconPlus,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { displayName } from '../features/auth';
import { MessageUsButton, SUPPORT_URL } from '../features/support';
import { AppTooltip } from '../ui/app-tooltip';
import { BrandMark } from '../ui/brand-mark';
import { getSidebarEntries, type SidebarEntry, type SidebarKey } from './sidebar-entries';
import { TestPicker } from './test-picker';

const ICONS: Record<SidebarKey, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  home: IconHome,
  tests: IconListDetails,
  predictions: IconFlame,
  research: IconMicroscope,
  resources: IconBook2,
  organisation: IconBuilding,
  members: IconUsers,
  account: IconUserCircle,
  admin: IconShieldLock,
  support: IconLifebuoy,
};

/** Pages that belong to an entry without sharing its address. */
const RELATED_PATHS: Partial<Record<SidebarKey, string[]>> = {
  members: ['/add-member', '/edit-member/'],
  admin: ['/admin/'],
  // ordering a test, and its confirmation, belong to the user's tests
  tests: ['/create-test', '/success'],
};

function isActive(pathname: string, entry: SidebarEntry): boolean {
  if (entry.external) return false;
  if (pathname === entry.to || pathname.startsWith(`${entry.to}/`)) return true;
  return (RELATED_PATHS[entry.key] ?? []).some((prefix) => pathname.startsWith(prefix));
}

function SidebarLink({
  entry,
  collapsed,
  active,
  onNavigate,
}: {
  entry: SidebarEntry;
  collapsed: boolean;
  active: boolean;
  onNavigate?: () => void;
}) {
  const Icon = ICONS[entry.key];
  const common = {
    label: collapsed ? undefined : entry.label,
    leftSection: <Icon size={20} aria-hidden />,
    'aria-label': collapsed ? entry.label : undefined,
    styles: { root: { borderRadius: 'var(--mantine-radius-md)' } },
  };
  let link: React.ReactElement;
  if (entry.disabled) {
    link = (
      // aria-disabled keeps it focusable, so that keyboard users also learn why it is unavailable
      <NavLink
        {...common}
        component="button"
        type="button"
        disabled
        aria-disabled
        description={collapsed ? undefined : 'Not in the demo'}
      />
    );
  } else if (entry.external) {
    link = (
      <NavLink
        {...common}
        component="a"
        href={entry.to}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={collapsed ? undefined : <IconExternalLink size={14} aria-hidden />}
      />
    );
  } else {
    link = (
      <NavLink
        {...common}
        component={Link}
        to={entry.to}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  }
  return collapsed ? (
    <AppTooltip label={entry.disabled ? `${entry.label} (not in the demo)` : entry.label} position="right">
      {link}
    </AppTooltip>
  ) : (
    link
  );
}

/**
 * The shell's navigation: brand, test picker, main entries and 'Message us', 'Create new test' and
 * who is signed in.
 */
export function Sidebar({
  user,
  collapsed = false,
  onNavigate,
}: {
  user: User;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const entries = getSidebarEntries(user, SUPPORT_URL);

  return (
    <Stack h="100%" gap={0} component="nav" aria-label="Main">
      <Box px={collapsed ? 'sm' : 'lg'} pt="lg" pb="md">
        <Link to="/home" aria-label="Limbus home" onClick={onNavigate} style={{ textDecoration: 'none' }}>
          <BrandMark compact={collapsed} />
        </Link>
      </Box>
      {collapsed ? null : (
        <Box px="lg" pb="md">
          <TestPicker onNavigate={onNavigate} />
        </Box>
      )}
      <Box style={{ flex: 1, overflowY: 'auto' }} px={collapsed ? 'xs' : 'md'}>
        <Stack gap={2}>
          {entries.map((entry) => (
            <SidebarLink
              key={entry.key}
              entry={entry}
              collapsed={collapsed}
              active={isActive(pathname, entry)}
              onNavigate={onNavigate}
            />
          ))}
          {/* the phone's header has its own, always in view */}
          <Box visibleFrom="sm">
            <MessageUsButton place="sidebar" collapsed={collapsed} />
          </Box>
        </Stack>
      </Box>
      <Divider />
      <Stack gap="sm" p={collapsed ? 'xs' : 'lg'}>
        {collapsed ? (
          <AppTooltip label="Create new test" position="right">
            <Button
              component={Link}
              to="/create-test"
              aria-label="Create new test"
              px={0}
              onClick={onNavigate}
            >
              <IconPlus size={20} aria-hidden />
            </Button>
          </AppTooltip>
        ) : (
          <Button
            component={Link}
            to="/create-test"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={onNavigate}
          >
            Create new test
          </Button>
        )}
        {collapsed ? null : (
          <Box>
            <Text size="sm" fw={600} truncate>
              {displayName(user)}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {ROLE_NAMES[user.role]}
              {user.company ? ` · ${user.company.name}` : ''}
            </Text>
          </Box>
        )}
      </Stack>
    </Stack>
  );
}
