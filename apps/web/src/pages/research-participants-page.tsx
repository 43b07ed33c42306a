import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ParticipantsList } from '../features/participants';
import { FullWidthPage, PageTitle } from '../ui';

/** /research/test/{id}/participants */
export function ResearchParticipantsPage() {
  const testId = Number(useParams().id);
  return (
    <FullWidthPage>
      <Stack gap="sm">
        <Anchor component={Link} to={`/research/test/${testId}/test-setup`} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          Back to the test setup
        </Anchor>
        <PageTitle>Participants</PageTitle>
        <ParticipantsList testId={testId} canManage />
      </Stack>
    </FullWidthPage>
  );
}
