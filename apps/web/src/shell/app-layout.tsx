import { Anchor, AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../features/account';
import { MessageUsButton, SupportLauncher } from '../features/support';
import { BrandMark } from '../ui/brand-mark';
import {
  CONTENT_GAP,
  CONTENT_PADDING_TOP,
  HEATMAP_CONTENT_PADDING_LEFT,
  HEATMAP_CONTENT_PADDING_TOP,
  isCollapsedPath,
  isFullWidthPath,
  isPredictionHeatmapPath,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
} from '../ui/layout-constants';
import { PageLoader } from '../ui/states';
import { FirstScreenData } from './first-screen';
import { Sidebar } from './sidebar';

const MOBILE_HEADER_HEIGHT = 56;

/** The content's padding: full width, the prediction heatmap pages' 200/0 (spec 3), or the shell's 314/70. */
function contentPadding(pathname: string) {
  if (isFullWidthPath(pathname)) return { pl: 0, pr: 0, pt: 0, pb: 0 };
  if (isPredictionHeatmapPath(pathname))
    return {
      pl: { base: 'md', sm: HEATMAP_CONTENT_PADDING_LEFT - SIDEBAR_COLLAPSED_WIDTH },
      pr: { base: 'md', sm: 40 },
      pt: { base: 'md', sm: HEATMAP_CONTENT_PADDING_TOP },
      pb: 'xl',
    };
  return {
    pl: { base: 'md', sm: CONTENT_GAP },
    pr: { base: 'md', sm: 40 },
    pt: { base: 'md', sm: CONTENT_PADDING_TOP },
    pb: 'xl',
    maw: 1400,
  };
}

/** The signed-in shell: sidebar (a drawer on small screens) and the page. */
export function AppLayout() {
  const { user, isLoading } = useCurrentUser();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const collapsed = isDesktop === true && isCollapsedPath(pathname);
  // On a phone the sidebar is a drawer: built when first opened, not with every page
  const drawerWasOpened = useRef(false);
  if (opened) drawerWasOpened.current = true;
  const showsSidebar = isDesktop !== false || drawerWasOpened.current;

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
          <Group gap="sm" wrap="nowrap">
            <MessageUsButton place="header" />
            <Burger
              opened={opened}
              onClick={toggle}
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        {showsSidebar && <Sidebar user={user} collapsed={collapsed} onNavigate={close} />}
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Box id="content" tabIndex={-1} style={{ outline: 'none' }} {...contentPadding(pathname)}>
          <Suspense fallback={<PageLoader />}>
            <FirstScreenData>
              <Outlet />
            </FirstScreenData>
          </Suspense>
        </Box>
      </AppShell.Main>
      <SupportLauncher />
    </AppShell>
  );
}
