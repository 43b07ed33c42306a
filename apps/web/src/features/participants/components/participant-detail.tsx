import { Anchor, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert, PageLoader, PageTitle } from '../../../ui';
import { useTest } from '../../tests/api';
import { useParticipant } from '../api';
import { DataTab } from './data-tab';
import { QuestionnaireTab } from './questionnaire-tab';
import { SectionsTab } from './sections-tab';

/** /research/test/{id}/participants/{pid}: tabs Data, Questionnaire (video tests), Sections (other tests). */
export function ParticipantDetailView({ testId, participantId }: { testId: number; participantId: number }) {
  const test = useTest(String(testId));
  const participant = useParticipant(testId, participantId);
  const back = (
    <Anchor component={Link} to={`/research/test/${testId}/participants`} size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      Back to participants
    </Anchor>
  );
  if (test.isPending || participant.isPending) return <PageLoader />;
  if (test.isError || participant.isError)
    return (
      <Stack>
        {back}
        <ErrorAlert error={test.error ?? participant.error} />
      </Stack>
    );
  const isVideo = test.data.platform === 'video';
  return (
    <Stack gap="sm">
      {back}
      <PageTitle>{`Participant ${participant.data.real_id}`}</PageTitle>
      <Tabs defaultValue="data" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="data">Data</Tabs.Tab>
          {isVideo ? (
            <Tabs.Tab value="questionnaire">Questionnaire</Tabs.Tab>
          ) : (
            <Tabs.Tab value="sections">Sections</Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="data">
          <DataTab test={test.data} participant={participant.data} />
        </Tabs.Panel>
        {isVideo ? (
          <Tabs.Panel value="questionnaire">
            <QuestionnaireTab testId={testId} participant={participant.data} />
          </Tabs.Panel>
        ) : (
          <Tabs.Panel value="sections">
            <SectionsTab test={test.data} participant={participant.data} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
