import { type EmotionSamples, lowerBound, upperBound } from '@limbus/analytics';
import { EMOTION_NAMES, type TestDetail } from '@limbus/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { EMOTION_COLORS } from '../../../app/theme';
import { Empty, ErrorAlert, formatClock, PageLoader, PageTitle } from '../../../ui';
import { useLabels, useParticipants, useShortcutKeys, useStreamSamples } from '../../participants';
import { recordingParticipantQuery } from '../api';
import { CLIP_DRIFT_SECONDS, clipTime, type SectionClip, sectionClips } from '../section-clips';

const CHART_HEIGHT = 72;
const CHART_EMOTIONS = ['frustration', 'joy', 'attention'] as const;
/** How often the shared playhead is shown while playing (the videos play on their own between). */
const TICK_MS = 100;

/** The emotions of one clip (uPlot), seconds into the clip, with a line at the shared playhead. */
function ClipEmotions({
  samples,
  clip,
  startMs,
  elapsed,
}: {
  samples: EmotionSamples;
  clip: SectionClip;
  startMs: number;
  elapsed: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const from = startMs + clip.startSeconds * 1000;
    const to = from + clip.lengthSeconds * 1000;
    const a = lowerBound(samples.timestamp, from);
    const b = upperBound(samples.timestamp, to);
    const data = [
      Float64Array.from(samples.timestamp.subarray(a, b), (t) => (t - from) / 1000),
      ...CHART_EMOTIONS.map((emotion) => samples[emotion].subarray(a, b)),
    ] as unknown as uPlot.AlignedData;
    const chart = new uPlot(
      {
        width: element.clientWidth || 300,
        height: CHART_HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [0, Math.max(clip.lengthSeconds, 0.1)] }, y: { range: [0, 1] } },
        axes: [{ show: false }, { show: false }],
        series: [
          {},
          ...CHART_EMOTIONS.map((emotion) => ({
            stroke: EMOTION_COLORS[emotion],
            width: 1.5,
            points: { show: false },
          })),
        ],
      },
      data,
      element,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height: CHART_HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [samples, clip, startMs]);
  useEffect(() => {
    const chart = plot.current;
    if (!chart || !line.current) return;
    const x = chart.valToPos(Math.min(elapsed, clip.lengthSeconds), 'x');
    line.current.style.transform = `translateX(${chart.over.offsetLeft + x}px)`;
  }, [elapsed, clip]);
  return (
    <div
      style={{ position: 'relative' }}
      role="img"
      aria-label={`${CHART_EMOTIONS.map((emotion) => EMOTION_NAMES[emotion]).join(', ')} during the visit`}
    >
      <div ref={container} />
      <div
        ref={line}
        aria-hidden
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: 2,
          height: CHART_HEIGHT,
          background: 'var(--mantine-color-blue-6)',
        }}
      />
    </div>
  );
}

/** One participant's clip: their video kept at the shared playhead, and their emotions under it. */
function ClipCard({
  testId,
  clip,
  src,
  isPending,
  startMs,
  elapsed,
  isPlaying,
}: {
  testId: number;
  clip: SectionClip;
  src: string | null | undefined;
  isPending: boolean;
  startMs: number;
  elapsed: number;
  isPlaying: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const emotions = useStreamSamples(testId, clip.participantId, 'emotions');
  useEffect(() => {
    const element = video.current;
    if (!element || element.readyState < 1) return;
    const target = clipTime(clip, elapsed);
    const shouldPlay = isPlaying && !target.isOver;
    if (!shouldPlay || Math.abs(element.currentTime - target.seconds) > CLIP_DRIFT_SECONDS)
      element.currentTime = target.seconds;
    if (shouldPlay && element.paused) void element.play().catch(() => undefined);
    if (!shouldPlay && !element.paused) element.pause();
  }, [clip, elapsed, isPlaying]);
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" mb={6}>
        <Anchor
          component={Link}
          to={`/test/${testId}/participant/${clip.participantId}/recording?timestamp=${clip.startSeconds.toFixed(3)}`}
          fw={600}
          size="sm"
        >
          {clip.realId}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatClock(clip.lengthSeconds)} on the page
        </Text>
      </Group>
      {src ? (
        <video
          ref={video}
          src={src}
          muted
          playsInline
          preload="metadata"
          onLoadedMetadata={(event) => {
            event.currentTarget.currentTime = clipTime(clip, elapsed).seconds;
          }}
          style={{ width: '100%', aspectRatio: '16 / 9', background: '#000', display: 'block' }}
        >
          Your browser does not support the video tag.
        </video>
      ) : (
        <Group h={120} justify="center" bg="gray.0" gap="xs">
          {isPending ? <Loader size="xs" /> : null}
          <Text size="xs" c="dimmed">
            {isPending ? 'The recording is being made…' : 'No screen recording'}
          </Text>
        </Group>
      )}
      {emotions.data ? (
        <ClipEmotions samples={emotions.data} clip={clip} startMs={startMs} elapsed={elapsed} />
      ) : (
        <Text size="xs" c="dimmed" h={CHART_HEIGHT}>
          {emotions.isPending ? 'Loading the emotions…' : 'No emotions recorded'}
        </Text>
      )}
    </Card>
  );
}

/** The shared playhead: advances while playing, stops at the longest clip's end. */
function usePlayhead(lengthSeconds: number) {
  const [elapsed, setElapsed] = useState(0);
  const [isPlaying, setPlaying] = useState(false);
  useEffect(() => {
    if (!isPlaying) return;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      const step = (now - last) / 1000;
      last = now;
      setElapsed((current) => {
        const next = current + step;
        if (next >= lengthSeconds) setPlaying(false);
        return Math.min(next, lengthSeconds);
      });
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [isPlaying, lengthSeconds]);
  const toggle = () => {
    if (!isPlaying && elapsed >= lengthSeconds) setElapsed(0);
    setPlaying(!isPlaying);
  };
  return { elapsed, setElapsed, isPlaying, toggle };
}

function SectionClips({ test, labelId }: { test: TestDetail; labelId: number }) {
  const list = useParticipants(test.id);
  const details = useQueries({
    queries: (list.data ?? []).map((row) => recordingParticipantQuery(test.id, row.id)),
  });
  // the answers change only when one is fetched again: keep the clips (and their charts) till then
  const version = details.map((query) => query.dataUpdatedAt).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says when `details` changed
  const loaded = useMemo(() => details.flatMap((query) => (query.data ? [query.data] : [])), [version]);
  const isLoading = list.isPending || details.some((query) => query.isPending);
  const clips = useMemo(() => sectionClips(loaded, labelId), [loaded, labelId]);
  const longest = clips.reduce((max, clip) => Math.max(max, clip.lengthSeconds), 0);
  const { elapsed, setElapsed, isPlaying, toggle } = usePlayhead(longest);
  useShortcutKeys({ ' ': toggle });
  if (isLoading) return <PageLoader label="Loading the participants' visits" />;
  const failed = details.find((query) => query.isError)?.error ?? list.error;
  if (failed) return <ErrorAlert error={failed} />;
  if (clips.length === 0) return <Empty title="Nobody visited this page" />;
  const byId = new Map(loaded.map((participant) => [participant.id, participant]));
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <Button
          onClick={toggle}
          leftSection={
            isPlaying ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />
          }
          w={120}
        >
          {isPlaying ? 'Pause' : 'Play all'}
        </Button>
        <Slider
          flex={1}
          min={0}
          max={Math.max(longest, 0.1)}
          step={0.1}
          value={elapsed}
          onChange={setElapsed}
          label={(value) => formatClock(value)}
          thumbLabel="Time into every visit"
        />
        <Text size="sm" c="dimmed" w={110} ta="right">
          {formatClock(elapsed)} / {formatClock(longest)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {clips.length} of {loaded.length} participants visited this page; each clip starts where their first
        visit began. Space plays and pauses.
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {clips.map((clip) => {
          const participant = byId.get(clip.participantId);
          return (
            <ClipCard
              key={clip.participantId}
              testId={test.id}
              clip={clip}
              src={participant?.video}
              isPending={participant?.video_pending === true}
              startMs={(participant?.started_at ?? 0) * 1000}
              elapsed={elapsed}
              isPlaying={isPlaying}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /test/{id}/section-video (Professional): for one page, every participant's clip of their first
 * visit side by side, played together from a shared playhead, each with its emotions under it.
 */
export function SectionVideoScreen({ test }: { test: TestDetail }) {
  const labels = useLabels(test.id);
  const [search, setSearch] = useSearchParams();
  if (labels.isPending) return <PageLoader label="Loading the pages" />;
  if (labels.isError) return <ErrorAlert error={labels.error} />;
  const pages = labels.data;
  const chosen = Number(search.get('page'));
  const page = pages.find((label) => label.id === chosen) ?? pages[0];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <PageTitle>Section video</PageTitle>
        {pages.length > 0 ? (
          <Select
            label="Page"
            data={pages.map((label) => ({ value: String(label.id), label: label.name }))}
            value={page ? String(page.id) : null}
            onChange={(value) => value && setSearch({ page: value }, { replace: true })}
            allowDeselect={false}
            w={280}
          />
        ) : null}
      </Group>
      {page ? (
        <SectionClips key={page.id} test={test} labelId={page.id} />
      ) : (
        <Alert color="gray" variant="light">
          The researchers have not named this test's pages yet.
        </Alert>
      )}
    </Stack>
  );
}
