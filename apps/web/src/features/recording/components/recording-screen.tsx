import {
  type ParticipantDetail,
  type ParticipantSummary,
  participantLabel,
  type RecordingProgress,
  type RemovedData,
  type SignificantPoint,
  type TestDetail,
} from '@limbus/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AppTooltip,
  ErrorAlert,
  EvidenceLayout,
  evidenceVideoStyle,
  formatGender,
  formatMinutesSeconds,
  PageLoader,
  PageTitle,
  RecordingBeingMade,
} from '../../../ui';
import { pointsIn, pointWords, useCommentVersion } from '../../account';
import {
  EmotionChart,
  Neurofeedback,
  RECORDING_LENGTH_HINT,
  recordingLengthDiffers,
  SourceBadge,
  useParticipants,
  useStreamSamples,
  useVideoKeys,
  useVideoTime,
  WebcamParticipantPanels,
} from '../../participants';
import { RemovedNotice, RemovedStreamsNotice, removedRecording } from '../../retention';
import { useRecordingParticipant } from '../api';
import { neighbours, startSeconds } from '../navigation';
import { videoRatio } from '../video-box';
import { RecordingPlayer } from './recording-player';

/**
 * The room under the video's top edge for what is seen with it (issue 26): the caption and the
 * switch (two lines on a laptop), the chart's readout (up to two lines), the chart and its note,
 * and a margin. The video is at most the window less this high.
 */
const BELOW_VIDEO_PX = 350;
/** The chart's height (readout, plot, note) kept while its data loads: nothing below it moves. */
const CHART_BOX_PX = 214;

const recordingPath = (testId: number, participantId: number) =>
  `/test/${testId}/participant/${participantId}/recording`;

/** Participant selector, and back and next links that wrap around the list (spec 3 §2). */
function ParticipantNavigation({
  testId,
  participantId,
  list,
}: {
  testId: number;
  participantId: number;
  list: readonly ParticipantSummary[];
}) {
  const navigate = useNavigate();
  const { previous, next } = neighbours(list, participantId);
  return (
    <Group gap="xs" align="end" wrap="nowrap">
      <Button
        component={Link}
        to={previous ? recordingPath(testId, previous.id) : '#'}
        variant="default"
        disabled={!previous}
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        aria-label={
          previous
            ? `Back: previous participant, ${participantLabel(previous)}`
            : 'Back: previous participant'
        }
      >
        Back
      </Button>
      <Select
        label="Participant"
        data={list.map((row) => ({ value: String(row.id), label: participantLabel(row) }))}
        value={String(participantId)}
        onChange={(value) => value && navigate(recordingPath(testId, Number(value)))}
        allowDeselect={false}
        searchable
        w={{ base: 150, sm: 220 }}
      />
      <Button
        component={Link}
        to={next ? recordingPath(testId, next.id) : '#'}
        variant="default"
        disabled={!next}
        rightSection={<IconChevronRight size={16} aria-hidden />}
        aria-label={next ? `Next participant, ${participantLabel(next)}` : 'Next participant'}
      >
        Next
      </Button>
    </Group>
  );
}

function Stats({ participant }: { participant: ParticipantDetail }) {
  const stats = [
    ['Time to complete', formatMinutesSeconds(participant.time_to_complete_ms)],
    ['Clicks', String(participant.total_clicks)],
    ['Age', participant.demographic.age ?? '–'],
    ['Education', participant.demographic.education ?? '–'],
    ['Gender', formatGender(participant.demographic.gender)],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} component="dl" m={0}>
      {stats.map(([label, value]) => (
        <Paper key={label} withBorder p="sm">
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} tt={label === 'Gender' ? 'capitalize' : undefined}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The hint of spec 3 §2, verbatim, when the recording and the time to complete differ by 1 s or more. */
function LengthHint({
  durationMs,
  timeToCompleteMs,
}: {
  durationMs: number | null;
  timeToCompleteMs: number | null;
}) {
  if (!recordingLengthDiffers(durationMs, timeToCompleteMs)) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <AppTooltip label={RECORDING_LENGTH_HINT}>
        <IconInfoCircle size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      </AppTooltip>
      <Text size="xs" c="dimmed">
        Recording {formatMinutesSeconds(durationMs)} · time to complete{' '}
        {formatMinutesSeconds(timeToCompleteMs)}. {RECORDING_LENGTH_HINT}
      </Text>
    </Group>
  );
}

/** While the recording is made: the video's own box, so that nothing moves when it arrives. */
function PendingVideo({ platform, progress }: { platform: string; progress?: RecordingProgress }) {
  return (
    <Box
      bg="gray.0"
      style={{
        ...evidenceVideoStyle({ belowPx: BELOW_VIDEO_PX, ratio: videoRatio(platform) }),
        border: '1px solid var(--mantine-color-gray-3)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <Box p="md">
        <RecordingBeingMade progress={progress} />
      </Box>
    </Box>
  );
}

function VideoPlaceholder({ removal, isWebcam }: { removal: RemovedData | null; isWebcam: boolean }) {
  if (removal) return <RemovedNotice removal={removal} what="The screen recording" />;
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
      There is no recording of this participant yet.{' '}
      {isWebcam
        ? 'The facial expressions still follow the timeline.'
        : 'The emotions and neurofeedback still follow the timeline.'}
    </Alert>
  );
}

/** Seeks once to the address's moment: as soon as the video can seek, or at once without one. */
function useInitialSeek(
  video: React.RefObject<HTMLVideoElement | null>,
  src: string | null | undefined,
  seconds: number | null,
  seek: (seconds: number) => void,
) {
  const done = useRef(false);
  useEffect(() => {
    if (seconds === null || done.current) return;
    const element = video.current;
    if (!element) {
      if (!src) seek(seconds);
      return;
    }
    const apply = () => {
      done.current = true;
      element.currentTime = seconds;
    };
    if (element.readyState >= 1) apply();
    else element.addEventListener('loadedmetadata', apply, { once: true });
    return () => element.removeEventListener('loadedmetadata', apply);
  }, [video, src, seconds, seek]);
}

function RecordingContent({
  test,
  participant,
  list,
  timestamp,
  pointId,
}: {
  test: TestDetail;
  participant: ParticipantDetail;
  list: readonly ParticipantSummary[];
  timestamp: string | null;
  pointId: number | null;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const { seconds, durationMs, seek } = useVideoTime(video, participant.video);
  useVideoKeys(video);
  const [showHeatmap, setShowHeatmap] = useState(false);
  const emotions = useStreamSamples(test.id, participant.id, 'emotions', participant);
  const eyes = useStreamSamples(test.id, participant.id, 'eyes', participant);
  const mice = useStreamSamples(test.id, participant.id, 'mice', participant);
  const samples = useMemo(
    () => ({ eyes: eyes.data ?? null, mice: mice.data ?? null }),
    [eyes.data, mice.data],
  );
  const startMs = (participant.started_at ?? 0) * 1000;
  // a remote participant records no EEG; its facial expressions are a stream of their own
  const isWebcam = participant.source === 'webcam';
  const points = participant.significant_points ?? [];
  // One language for the cards and the chart's tooltips: the reader's, where a translation exists.
  const words = useCommentVersion(test, points.map(pointWords));
  useInitialSeek(video, participant.video, startSeconds(timestamp, pointId, points, startMs), seek);
  const openPoint = (point: SignificantPoint) => seek(Math.max(0, (point.timestamp_top - startMs) / 1000));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <Stack gap={4}>
          <Anchor component={Link} to={`/test/${test.id}/participants`} size="sm">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
            Back to participants
          </Anchor>
          <Group gap="sm" wrap="wrap">
            <PageTitle>{`Recording of participant ${participantLabel(participant)}`}</PageTitle>
            <SourceBadge source={participant.source} />
          </Group>
        </Stack>
        <ParticipantNavigation testId={test.id} participantId={participant.id} list={list} />
      </Group>
      <Stats participant={participant} />
      <EvidenceLayout
        aside={
          <Stack gap="md">
            {/* beside the video, not under it: it appears once the video's length is known and
                would move the chart */}
            <LengthHint durationMs={durationMs} timeToCompleteMs={participant.time_to_complete_ms} />
            <Neurofeedback
              test={test}
              participantId={participant.id}
              points={points}
              words={words}
              sections={participant.sections ?? []}
              startMs={startMs}
              nowMs={startMs + seconds * 1000}
              highlightId={pointId}
              onOpen={openPoint}
            />
          </Stack>
        }
      >
        <Stack gap="md">
          {participant.video || participant.video_pending ? (
            <Stack gap={6}>
              {participant.video ? (
                <RecordingPlayer
                  video={video}
                  src={participant.video}
                  platform={test.platform}
                  startMs={startMs}
                  samples={samples}
                  showHeatmap={showHeatmap}
                  belowPx={BELOW_VIDEO_PX}
                />
              ) : (
                <PendingVideo platform={test.platform} progress={participant.video_progress} />
              )}
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="xs" c="dimmed">
                  Pink: where the participant looked in the last second. Black dot: the pointer; blue rings:
                  clicks. Space plays and pauses.
                </Text>
                <Switch
                  label="Heatmap of this page visit"
                  checked={showHeatmap}
                  onChange={(event) => setShowHeatmap(event.currentTarget.checked)}
                  disabled={!eyes.data || !participant.video}
                />
              </Group>
            </Stack>
          ) : (
            <VideoPlaceholder removal={removedRecording(participant.removed)} isWebcam={isWebcam} />
          )}
          <RemovedStreamsNotice removed={participant.removed} />
          {emotions.data ? (
            <EmotionChart
              samples={emotions.data}
              startMs={startMs}
              seconds={seconds}
              points={pointsIn(points, words)}
              onSeek={seek}
            />
          ) : emotions.isPending ? (
            <Group h={CHART_BOX_PX} justify="center">
              <Loader size="sm" aria-label="Loading the emotions" />
            </Group>
          ) : null}
          {isWebcam ? (
            <WebcamParticipantPanels
              headingOrder={2}
              testId={test.id}
              participant={participant}
              startMs={startMs}
              seconds={seconds}
              onSeek={seek}
              hasNoEeg={emotions.data === null}
            />
          ) : null}
        </Stack>
      </EvidenceLayout>
    </Stack>
  );
}

/**
 * /test/{id}/participant/{participantId}/recording (spec 3 §2): the screen recording with gaze,
 * pointer and clicks over it, the emotions with a cursor that follows the video, neurofeedback
 * around the playhead, the participant's facts and the way to the others.
 */
export function RecordingScreen({
  test,
  participantId,
  timestamp,
  pointId,
}: {
  test: TestDetail;
  participantId: number;
  timestamp: string | null;
  pointId: number | null;
}) {
  const participant = useRecordingParticipant(test.id, participantId);
  const list = useParticipants(test.id);
  if (participant.isPending || list.isPending) return <PageLoader label="Loading the recording" />;
  if (participant.isError) return <ErrorAlert error={participant.error} />;
  return (
    <RecordingContent
      // a new participant starts from its own beginning (and its own seek)
      key={participant.data.id}
      test={test}
      participant={participant.data}
      list={list.data ?? []}
      timestamp={timestamp}
      pointId={pointId}
    />
  );
}
