import { Anchor, AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../features/account/api';
import { SupportLauncher } from '../features/support';
import { PageLoader } from '../ui/states';
import { BrandMark } from './brand-mark';
import {
  CONTENT_GAP,
  CONTENT_PADDING_TOP,
  isCollapsedPath,
  isFullWidthPath,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
} from './layout-constants';
import { Sidebar } from './sidebar';

const MOBILE_HEADER_HEIGHT = 56;

/** The signed-in shell: sidebar (a drawer on small screens) and the page. */
export function AppLayout() {
  const { user, isLoading } = useCurrentUser();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const collapsed = isDesktop === true && isCollapsedPath(pathname);
  const fullWidth = isFullWidthPath(pathname);

  if (!user) return <PageLoader label={isLoading ? 'Loading your account' : 'Loading'} />;

  return (
    <AppShell
      header={{ height: MOBILE_HEADER_HEIGHT, collapsed: isDesktop !== false }}
      navbar={{
        width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !opened },
      }}
      padding={0}
    >
      <Anchor href="#content" className="skip-link">
        Skip to content
      </Anchor>
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md" justify="space-between">
          <BrandMark />
          <Burger
            opened={opened}
            onClick={toggle}
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
          />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar user={user} collapsed={collapsed} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Box
          id="content"
          tabIndex={-1}
          style={{ outline: 'none' }}
          pl={fullWidth ? 0 : { base: 'md', sm: CONTENT_GAP }}
          pr={fullWidth ? 0 : { base: 'md', sm: 40 }}
          pt={fullWidth ? 0 : { base: 'md', sm: CONTENT_PADDING_TOP }}
          pb={fullWidth ? 0 : 'xl'}
          maw={fullWidth ? undefined : 1400}
        >
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
      <SupportLauncher />
    </AppShell>
  );
}
