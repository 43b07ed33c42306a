import type { TestDetail } from '@limbus/contract';
import { Badge, Group, ScrollArea, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { cohortSearch, useCohort } from '../cohorts';
import { activeScreen, resultsScreens } from './results-screens';
import classes from './test-nav.module.css';

/** The test's screens as a row of links under its header; Professional ones locked on Essential tests. */
export function TestNav({ test }: { test: TestDetail }) {
  const { pathname } = useLocation();
  // the cohort chosen stays as the reader moves between the screens
  const search = cohortSearch(useCohort());
  const screens = resultsScreens(test, pathname.startsWith('/research/'));
  if (screens.length === 0) return null;
  const active = activeScreen(screens, pathname);
  return (
    <ScrollArea type="never" mb="lg">
      <Group component="nav" aria-label="Test results" gap={4} wrap="nowrap" className={classes.bar}>
        {screens.map((screen) => (
          <UnstyledButton
            key={screen.label}
            component={Link}
            to={`${screen.href}${search}`}
            className={classes.link}
            data-active={screen === active || undefined}
            aria-current={screen === active ? 'page' : undefined}
          >
            <Group gap={6} wrap="nowrap">
              {screen.label}
              {screen.isLocked && (
                <Badge size="xs" variant="light" leftSection={<IconLock size={10} aria-hidden />}>
                  Upgrade
                </Badge>
              )}
            </Group>
          </UnstyledButton>
        ))}
      </Group>
    </ScrollArea>
  );
}
