import { Paper, Text } from '@mantine/core';
import { IconMicroscope } from '@tabler/icons-react';
import { Empty, PageTitle } from '../ui';

/** /research and below: the research area itself arrives with a later release (spec 2). */
export function ResearchPage() {
  return (
    <>
      <PageTitle>Research</PageTitle>
      <Paper withBorder p="xl" maw={720}>
        <Empty
          icon={<IconMicroscope size={28} aria-hidden />}
          title="The research area is not available yet"
          description={
            <Text size="sm" c="dimmed">
              Test setups, participants and insights for researchers arrive with a later release of Limbus.
            </Text>
          }
        />
      </Paper>
    </>
  );
}
