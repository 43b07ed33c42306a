import {
  type ClipEmotions,
  EMOTION_NAMES,
  participantLabel,
  REMOVED_DATA_MESSAGES,
  type SectionClip,
} from '@limbus/contract';
import { Anchor, Box, Card, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { EMOTION_COLORS, formatClock, formatDate, RecordingBeingMade, useNearViewport } from '../../../ui';
import { CLIP_DRIFT_SECONDS, clipTime } from '../section-clips';

const CHART_HEIGHT = 72;
const CHART_EMOTIONS = ['frustration', 'joy', 'attention'] as const;
/**
 * How far below the fold a clip mounts its video and chart: a phone that shows one clip loads
 * that one and the next, not thirty videos; once mounted a clip stays (it keeps its place).
 */
const CLIP_LOAD_MARGIN = '400px';
/** A clip's box, whatever fills it (placeholder, video, or why there is none): the card never changes height. */
const VIDEO_BOX = { width: '100%', aspectRatio: '16 / 9' } as const;
const VIDEO_STYLE = { ...VIDEO_BOX, display: 'block' } as const;

/** The emotions of one clip (uPlot), seconds into the clip, with a line at the shared playhead. */
function ClipEmotionChart({
  emotions,
  length,
  elapsed,
}: {
  emotions: ClipEmotions;
  length: number;
  elapsed: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const data: uPlot.AlignedData = [emotions.seconds, ...CHART_EMOTIONS.map((emotion) => emotions[emotion])];
    const chart = new uPlot(
      {
        width: element.clientWidth || 300,
        height: CHART_HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [0, Math.max(length, 0.1)] }, y: { range: [0, 1] } },
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
  }, [emotions, length]);
  useEffect(() => {
    const chart = plot.current;
    if (!chart || !line.current) return;
    const x = chart.valToPos(Math.min(elapsed, length), 'x');
    line.current.style.transform = `translateX(${chart.over.offsetLeft + x}px)`;
  }, [elapsed, length]);
  return (
    <div
      // uPlot's own markup is a few px taller than its canvas: the box is the placeholder's height
      style={{ position: 'relative', height: CHART_HEIGHT, overflow: 'hidden' }}
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

/** The video of a clip, kept at the shared playhead. */
function ClipVideo({
  clip,
  src,
  elapsed,
  isPlaying,
}: {
  clip: SectionClip;
  src: string;
  elapsed: number;
  isPlaying: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
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
    <video
      ref={video}
      src={src}
      muted
      playsInline
      preload="metadata"
      onLoadedMetadata={(event) => {
        event.currentTarget.currentTime = clipTime(clip, elapsed).seconds;
      }}
      style={{ ...VIDEO_STYLE, background: '#000' }}
    >
      Your browser does not support the video tag.
    </video>
  );
}

/**
 * One participant's clip: their video kept at the shared playhead, and their emotions under it;
 * both are mounted once the card nears the viewport, and stay.
 */
export function ClipCard({
  testId,
  clip,
  elapsed,
  isPlaying,
}: {
  testId: number;
  clip: SectionClip;
  elapsed: number;
  isPlaying: boolean;
}) {
  const card = useRef<HTMLLIElement>(null);
  const isNear = useNearViewport(card, CLIP_LOAD_MARGIN);
  // a refetch (while another clip's recording is made) may sign the URL anew: keep the first
  const firstSrc = useRef<string | null>(null);
  firstSrc.current ??= clip.video;
  const src = firstSrc.current;
  return (
    <Card withBorder padding="sm" component="li" ref={card}>
      <Group justify="space-between" mb={6}>
        <Anchor
          component={Link}
          to={`/test/${testId}/participant/${clip.participant_id}/recording?timestamp=${clip.start.toFixed(3)}`}
          fw={600}
          size="sm"
        >
          {participantLabel(clip)}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatClock(clip.length)} on the page
        </Text>
      </Group>
      {!isNear ? (
        <Box bg="gray.0" style={VIDEO_STYLE} />
      ) : src ? (
        <ClipVideo clip={clip} src={src} elapsed={elapsed} isPlaying={isPlaying} />
      ) : (
        <Group justify="center" bg="gray.0" gap="xs" p="xs" style={VIDEO_BOX}>
          {clip.video_pending && !clip.video_removed ? (
            <RecordingBeingMade progress={clip.video_progress} size="xs" />
          ) : (
            <Text size="xs" c="dimmed">
              {clip.video_removed
                ? `Recording ${REMOVED_DATA_MESSAGES[clip.video_removed.reason]} on ${formatDate(clip.video_removed.at)}`
                : 'No screen recording'}
            </Text>
          )}
        </Group>
      )}
      {!isNear ? (
        <Box h={CHART_HEIGHT} />
      ) : clip.emotions ? (
        <ClipEmotionChart emotions={clip.emotions} length={clip.length} elapsed={elapsed} />
      ) : (
        <Text size="xs" c="dimmed" h={CHART_HEIGHT}>
          No emotions recorded
        </Text>
      )}
    </Card>
  );
}
