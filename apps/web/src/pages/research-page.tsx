import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconMessages, IconMicroscope } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Empty, PageTitle } from '../ui';

/** /research and below: the research area itself arrives with a later release (spec 2). */
export function ResearchPage() {
  return (
    <>
      <PageTitle>Research</PageTitle>
      <Stack gap="lg" maw={720}>
        <Paper withBorder p="lg">
          <Anchor component={Link} to="/research/support" fw={600}>
            <IconMessages size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
            Support inbox
          </Anchor>
          <Text size="sm" c="dimmed" mt={4}>
            Conversations users started from the chat widget; answer and close them here.
          </Text>
        </Paper>
        <Paper withBorder p="xl">
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
      </Stack>
    </>
  );
}
