import { Button, Group } from '@mantine/core';
import { IconDeviceDesktopAnalytics, IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ResearchList } from '../features/research';
import { PageTitle } from '../ui';

/** /research: every test of every company, with the lab setups and the support inbox a click away. */
export function ResearchPage() {
  return (
    <>
      <PageTitle
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to="/research/testsetups"
              variant="light"
              leftSection={<IconDeviceDesktopAnalytics size={16} aria-hidden />}
            >
              Test setups
            </Button>
            <Button
              component={Link}
              to="/research/support"
              variant="light"
              leftSection={<IconMessages size={16} aria-hidden />}
            >
              Support inbox
            </Button>
          </Group>
        }
      >
        Research
      </PageTitle>
      <ResearchList />
    </>
  );
}
