import { type ParticipantDetail, participantLabel, type TestDetail } from '@limbus/contract';
import { Anchor, Box, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert, PageLoader, PageTitle } from '../../../ui';
import { ParticipantQualityCard } from '../../quality';
import { RemovedStreamsNotice, removedRecording } from '../../retention';
import { useTest } from '../../user-tests';
import { useParticipant } from '../api';
import { ParticipantAvatar } from '../avatar/participant-avatar';
import { useVideoKeys, useVideoTime } from '../use-video';
import { DataTab } from './data-tab';
import { ParticipantHeader } from './participant-header';
import { QuestionnaireTab } from './questionnaire-tab';
import { RecordingVideo } from './recording-video';
import { SectionsTab } from './sections-tab';

type Tab = 'data' | 'questionnaire' | 'sections';

/** The test's insights on the Data tab, from the page (insights are a feature of their own). */
type RenderInsights = (test: TestDetail) => ReactNode;

/**
 * The tabs around one recording. The player sits above the tabs' content and stays mounted while
 * they change, so that switching between Data and Sections keeps the video where it is; the
 * questionnaire (video tests) hides it and pauses it.
 */
function ParticipantScreen({
  test,
  participant,
  renderInsights,
}: {
  test: TestDetail;
  participant: ParticipantDetail;
  renderInsights?: RenderInsights;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const { seconds, durationMs, seek } = useVideoTime(video, participant.video);
  useVideoKeys(video);
  const [tab, setTab] = useState<Tab>('data');
  const isVideo = test.platform === 'video';
  const handleTab = (next: string | null) => {
    const chosen: Tab = next === 'questionnaire' || next === 'sections' ? next : 'data';
    if (chosen === 'questionnaire') video.current?.pause();
    setTab(chosen);
  };
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ParticipantAvatar participant={participant} size={48} />
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {test.name}
          </Text>
          <PageTitle>{`Participant ${participantLabel(participant)}`}</PageTitle>
        </div>
      </Group>
      <ParticipantHeader test={test} participant={participant} />
      <ParticipantQualityCard testId={test.id} participantId={participant.id} />
      <Tabs value={tab} onChange={handleTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="data">Data</Tabs.Tab>
          {isVideo ? (
            <Tabs.Tab value="questionnaire">Questionnaire</Tabs.Tab>
          ) : (
            <Tabs.Tab value="sections">Sections</Tabs.Tab>
          )}
        </Tabs.List>
        <Box hidden={tab === 'questionnaire'} mb="md">
          <RecordingVideo
            video={video}
            src={participant.video}
            durationMs={durationMs}
            timeToCompleteMs={participant.time_to_complete_ms}
            isPending={participant.video_pending === true}
            progress={participant.video_progress}
            removal={removedRecording(participant.removed)}
          />
          <RemovedStreamsNotice removed={participant.removed} />
        </Box>
        <Tabs.Panel value="data">
          <DataTab
            test={test}
            participant={participant}
            seconds={seconds}
            onSeek={seek}
            insights={renderInsights?.(test)}
          />
        </Tabs.Panel>
        {isVideo ? (
          <Tabs.Panel value="questionnaire">
            <QuestionnaireTab testId={test.id} participant={participant} />
          </Tabs.Panel>
        ) : (
          <Tabs.Panel value="sections">
            <SectionsTab
              test={test}
              participant={participant}
              video={video}
              seconds={seconds}
              durationMs={durationMs}
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/** /research/test/{id}/participants/{pid}: tabs Data, Questionnaire (video tests), Sections (other tests). */
export function ParticipantDetailView({
  testId,
  participantId,
  renderInsights,
  after,
}: {
  testId: number;
  participantId: number;
  renderInsights?: RenderInsights;
  /** Shown below the participant's screen once it is there (so that it does not move as the screen loads). */
  after?: ReactNode;
}) {
  const test = useTest(String(testId));
  const participant = useParticipant(testId, participantId);
  const back = (
    <Anchor component={Link} to={`/research/test/${testId}/participants`} size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      Back to participants
    </Anchor>
  );
  if (test.isPending || participant.isPending) return <PageLoader />;
  return (
    <Stack gap="sm">
      {back}
      {test.isError || participant.isError ? (
        <ErrorAlert error={test.error ?? participant.error} />
      ) : (
        <>
          <ParticipantScreen
            test={test.data}
            participant={participant.data}
            renderInsights={renderInsights}
          />
          {after}
        </>
      )}
    </Stack>
  );
}
