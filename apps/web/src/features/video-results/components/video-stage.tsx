import { VIDEO_RESULT_MESSAGES, type VideoResults } from '@limbus/contract';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
import { evidenceVideoStyle, SegmentedChoice } from '../../../ui';
import { EmotionChart, useVideoTime } from '../../participants';
import { pointsAsSignificant, scoresAsSamples } from '../video-time';

type Source = 'video' | 'heatmap';

/**
 * The room the viewers' emotion chart takes under the video's top edge (issue 26): the gap, the
 * readout (up to two lines), the plot and its note, the card's padding, and a margin. The video is
 * at most the window less this high, so that the chart and its cursor are seen with it.
 */
export const CHART_BELOW_VIDEO_PX = 310;
/**
 * What the card holds above the video: its padding and border, and the Video / Gaze heatmap switch
 * with its gap when there is one. The card's top is where the evidence starts on the screen.
 */
const CARD_TOP_PX = 17;
const SOURCE_SWITCH_PX = 44;

/** The playhead of a results screen's video: its element, the time in seconds and a seek. */
export function useVideoStage(results: VideoResults) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [source, setSource] = useState<Source>('video');
  const src = source === 'heatmap' ? results.heatmap_video : results.video;
  const { seconds, seek } = useVideoTime(videoRef, src);
  return { videoRef, source, setSource, src, seconds, seek };
}
export type VideoStageState = ReturnType<typeof useVideoStage>;

/**
 * The test's video (or the gaze heatmap video made by processing) with the viewers' emotion chart,
 * or with what `children` shows under it instead (`withChart={false}`). The video is at most the
 * window less `belowPx` and what the card holds above it high: from the card's top, what is under
 * the video is seen with it (issue 26).
 */
export function VideoStage({
  results,
  stage,
  withChart = true,
  belowPx = CHART_BELOW_VIDEO_PX,
  children,
}: {
  results: VideoResults;
  stage: VideoStageState;
  withChart?: boolean;
  /** The room kept under the video's top for what is shown under it. */
  belowPx?: number;
  children?: ReactNode;
}) {
  const samples = useMemo(() => scoresAsSamples(results.scores), [results.scores]);
  const points = useMemo(() => pointsAsSignificant(results.points), [results.points]);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        {results.heatmap_video && (
          <Group justify="flex-end">
            <SegmentedChoice
              size="xs"
              aria-label="Video shown"
              value={stage.source}
              onChange={stage.setSource}
              data={[
                { value: 'video', label: 'Video' },
                { value: 'heatmap', label: 'Gaze heatmap' },
              ]}
            />
          </Group>
        )}
        <VideoElement
          videoRef={stage.videoRef}
          src={stage.src}
          belowPx={belowPx + CARD_TOP_PX + (results.heatmap_video ? SOURCE_SWITCH_PX : 0)}
        />
        {withChart && results.scores.length > 0 && (
          <EmotionChart
            samples={samples}
            startMs={0}
            seconds={stage.seconds}
            points={points}
            onSeek={stage.seek}
            meanLabel="video mean"
          />
        )}
        {children}
      </Stack>
    </Paper>
  );
}

function VideoElement({
  videoRef,
  src,
  belowPx,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  src: string | null;
  belowPx: number;
}) {
  if (!src) return <Text c="dimmed">There is no video for this test yet.</Text>;
  return (
    // biome-ignore lint/a11y/useMediaCaption: the commercial's sound is part of what is tested; no captions are supplied
    <video
      ref={videoRef}
      src={src}
      controls
      preload="metadata"
      // the box has its size before the video's metadata arrives: nothing below it moves (16:9, the
      // commercials' format; other formats are letterboxed)
      style={{
        ...evidenceVideoStyle({ belowPx, ratio: 16 / 9, aspectRatio: '16 / 9' }),
        display: 'block',
        background: '#000',
        borderRadius: 8,
      }}
    >
      {VIDEO_RESULT_MESSAGES.noVideoSupport}
    </video>
  );
}
