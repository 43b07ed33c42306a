import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The section that leads to a company's record of processing, on the organisation and company screens. */
export function ProcessingRecordLink({ to }: { to: string }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="processing-record-link-title">
      <Title order={2} fz={18} id="processing-record-link-title">
        Record of processing
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The GDPR Art. 30 record of the studies: what is held about the participants, why, for whom, where and
        for how long, read from the tests, their consents and the retention policy. Ready to print.
      </Text>
      <Anchor component={Link} to={to}>
        Open the record of processing
      </Anchor>
    </Paper>
  );
}
