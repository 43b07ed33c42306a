import {
  type ParticipantDetail,
  type ParticipantQuestion,
  type ParticipantSummary,
  participantLabel,
  VIDEO_RESULT_MESSAGES,
} from '@limbus/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailList, ErrorAlert, formatGender, PageLoader } from '../../../ui';
import { CommentVersionToggle, useCommentVersion } from '../../account';
import {
  EmotionChart,
  useParticipant,
  useParticipants,
  useStreamSamples,
  useVideoTime,
  WebcamParticipantPanels,
} from '../../participants';
import { useLoadedTest } from '../../test-results';
import { IndividualParticipantsLock, useSeesIndividualParticipants } from './individual-lock';
import { FavouriteStar } from './participants-page';

/** Previous and next wrap around the list (spec 3 §2: from last to first and first to last). */
function neighbours(list: readonly ParticipantSummary[], id: number) {
  const index = list.findIndex((participant) => participant.id === id);
  const at = (offset: number) => list[(index + offset + list.length) % list.length];
  return { previous: index < 0 ? undefined : at(-1), next: index < 0 ? undefined : at(1) };
}

function Navigator({ list, current }: { list: readonly ParticipantSummary[]; current: ParticipantSummary }) {
  const test = useLoadedTest();
  const navigate = useNavigate();
  const go = (participant: ParticipantSummary | undefined) =>
    participant && navigate(`/video-test/${test.id}/participant/${participant.id}`);
  const { previous, next } = neighbours(list, current.id);
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label="Previous participant" onClick={() => go(previous)}>
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Select
        aria-label="Participant"
        value={String(current.id)}
        allowDeselect={false}
        data={list.map((participant) => ({
          value: String(participant.id),
          label: participantLabel(participant),
        }))}
        onChange={(value) => go(list.find((participant) => String(participant.id) === value))}
        w={200}
      />
      <ActionIcon variant="default" size="lg" aria-label="Next participant" onClick={() => go(next)}>
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
      <FavouriteStar testId={test.id} participant={current} />
    </Group>
  );
}

function ParticipantVideo({
  participant,
  fallbackSrc,
}: {
  participant: ParticipantDetail;
  fallbackSrc: string | null;
}) {
  const test = useLoadedTest();
  const video = useRef<HTMLVideoElement | null>(null);
  const src = participant.video ?? fallbackSrc;
  const { seconds, seek } = useVideoTime(video, src);
  const emotions = useStreamSamples(test.id, participant.id, 'emotions', participant);
  const startMs = (participant.started_at ?? 0) * 1000;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        {src ? (
          // biome-ignore lint/a11y/useMediaCaption: the commercial's sound is part of what is tested; no captions are supplied
          <video
            ref={video}
            src={src}
            controls
            preload="metadata"
            style={{ width: '100%', maxHeight: 420, background: '#000' }}
          >
            {VIDEO_RESULT_MESSAGES.noVideoSupport}
          </video>
        ) : (
          <Text c="dimmed">There is no video for this participant.</Text>
        )}
        {emotions.data && (
          <EmotionChart
            samples={emotions.data}
            startMs={startMs}
            seconds={seconds}
            points={participant.significant_points ?? []}
            onSeek={seek}
          />
        )}
        {/* a remote participant records no EEG; its facial expressions are a stream of their own, and its voice */}
        {participant.source === 'webcam' ? (
          <WebcamParticipantPanels
            headingOrder={3}
            testId={test.id}
            participant={participant}
            startMs={startMs}
            seconds={seconds}
            onSeek={seek}
            hasNoEeg={emotions.data === null}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

function Answers({
  test,
  participant,
}: {
  test: { translation: string; translation_language: string };
  participant: ParticipantDetail;
}) {
  const chosen = (participant.associations ?? []).filter((question) => question.answer?.checked);
  const scales = participant.evaluations ?? [];
  const open = participant.open_questions ?? [];
  // The viewer's words in one language: the reader's, where a translation exists (issue 26).
  const words = useCommentVersion(
    test,
    [...scales, ...open].flatMap((question) => (question.answer ? [question.answer] : [])),
  );
  return (
    <Stack gap="lg">
      <CommentVersionToggle choice={words} />
      <Paper withBorder p="md" component="section" aria-labelledby="participant-associations">
        <Title order={3} fz="lg" id="participant-associations" mb="xs">
          Associations
        </Title>
        {chosen.length === 0 ? (
          <Text c="dimmed" size="sm">
            No associations chosen.
          </Text>
        ) : (
          <Group gap="xs">
            {chosen.map((question) => (
              <Badge key={question.id} variant="light" size="lg">
                {question.text}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="participant-scales">
        <Title order={3} fz="lg" id="participant-scales" mb="xs">
          Scale questions (1 to 5)
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Score</Table.Th>
              <Table.Th>Comment</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {scales.map((question: ParticipantQuestion) => (
              <Table.Tr key={question.id}>
                <Table.Td>{question.text}</Table.Td>
                <Table.Td>{question.answer?.score ?? '–'}</Table.Td>
                <Table.Td>{(question.answer && words.show(question.answer)) || '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="participant-open">
        <Title order={3} fz="lg" id="participant-open" mb="xs">
          Open questions
        </Title>
        <Stack gap="sm">
          {open.map((question) => (
            <div key={question.id}>
              <Text fw={600} size="sm">
                {question.text}
              </Text>
              <Text size="sm" c={question.answer?.text ? undefined : 'dimmed'}>
                {(question.answer && words.show(question.answer)) || 'No answer'}
              </Text>
            </div>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

function ParticipantView({ participantId }: { participantId: number }) {
  const test = useLoadedTest();
  const list = useParticipants(test.id);
  const participant = useParticipant(test.id, participantId);
  if (list.isPending || participant.isPending) return <PageLoader label="Loading the participant" />;
  if (list.isError) return <ErrorAlert error={list.error} />;
  if (participant.isError) return <ErrorAlert error={participant.error} />;
  const current = list.data.find((candidate) => candidate.id === participantId);
  const detail = participant.data;
  return (
    <Stack gap="lg">
      {current && <Navigator list={list.data} current={current} />}
      <DetailList
        cols={4}
        items={[
          { label: 'Clicks', value: String(detail.total_clicks) },
          { label: 'Age', value: detail.demographic.age === null ? '–' : String(detail.demographic.age) },
          { label: 'Education', value: detail.demographic.education ?? '–' },
          { label: 'Gender', value: formatGender(detail.demographic.gender) },
        ]}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ParticipantVideo participant={detail} fallbackSrc={test.video} />
        <Answers test={test} participant={detail} />
      </SimpleGrid>
    </Stack>
  );
}

/** /video-test/{id}/participant/{participantId}: one viewer, locked without the add-on. */
export function VideoParticipantPage() {
  const test = useLoadedTest();
  const { participantId = '' } = useParams();
  const sees = useSeesIndividualParticipants(test);
  return (
    // A full-width screen (spec 3 §9): the same inset as the test header above it.
    <Stack gap="lg" px="md" pb="xl">
      <Anchor component={Link} to={`/video-test/${test.id}/participant/`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Back to participants
        </Group>
      </Anchor>
      <Title order={2} fz={24}>
        Participant
      </Title>
      {sees ? (
        <ParticipantView participantId={Number(participantId)} />
      ) : (
        <IndividualParticipantsLock test={test} />
      )}
    </Stack>
  );
}
