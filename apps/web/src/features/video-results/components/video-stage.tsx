import { VIDEO_RESULT_MESSAGES, type VideoResults } from '@limbus/contract';
import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { EmotionChart, useVideoTime } from '../../participants';
import { pointsAsSignificant, scoresAsSamples } from '../video-time';

type Source = 'video' | 'heatmap';

/** The playhead of a results screen's video: its element, the time in seconds and a seek. */
export function useVideoStage(results: VideoResults) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [source, setSource] = useState<Source>('video');
  const src = source === 'heatmap' ? results.heatmap_video : results.video;
  const { seconds, seek } = useVideoTime(videoRef, src);
  return { videoRef, source, setSource, src, seconds, seek };
}
export type VideoStageState = ReturnType<typeof useVideoStage>;

/** The test's video (or the gaze heatmap video made by processing) with the viewers' emotion chart. */
export function VideoStage({
  results,
  stage,
  withChart = true,
}: {
  results: VideoResults;
  stage: VideoStageState;
  withChart?: boolean;
}) {
  const samples = useMemo(() => scoresAsSamples(results.scores), [results.scores]);
  const points = useMemo(() => pointsAsSignificant(results.points), [results.points]);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        {results.heatmap_video && (
          <Group justify="flex-end">
            <SegmentedControl
              size="xs"
              aria-label="Video shown"
              value={stage.source}
              onChange={(value) => stage.setSource(value as Source)}
              data={[
                { value: 'video', label: 'Video' },
                { value: 'heatmap', label: 'Gaze heatmap' },
              ]}
            />
          </Group>
        )}
        <VideoElement videoRef={stage.videoRef} src={stage.src} />
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
      </Stack>
    </Paper>
  );
}

function VideoElement({
  videoRef,
  src,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  src: string | null;
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
      style={{ width: '100%', aspectRatio: '16 / 9', maxHeight: 460, background: '#000', borderRadius: 8 }}
    >
      {VIDEO_RESULT_MESSAGES.noVideoSupport}
    </video>
  );
}
