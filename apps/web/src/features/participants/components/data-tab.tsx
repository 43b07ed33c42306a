import type { ParticipantDetail, TestDetail } from '@limbus/contract';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { pointsIn, pointWords, useCommentVersion } from '../../account';
import { useStreamSamples } from '../api';
import { EmotionChart } from './emotion-chart';
import { WebcamParticipantPanels } from './expression-chart';
import { Neurofeedback } from './neurofeedback';

/**
 * The Data tab under the recording: its emotions (a webcam participant's facial expressions),
 * neurofeedback at the playhead, insights.
 */
export function DataTab({
  test,
  participant,
  seconds,
  onSeek,
  insights,
}: {
  test: TestDetail;
  participant: ParticipantDetail;
  /** The playhead, in seconds into the recording. */
  seconds: number;
  onSeek: (seconds: number) => void;
  /** What the page shows under the neurofeedback (the test's insights); not on video tests. */
  insights?: ReactNode;
}) {
  const emotions = useStreamSamples(test.id, participant.id, 'emotions', participant);
  const startMs = (participant.started_at ?? 0) * 1000;
  const points = participant.significant_points ?? [];
  // One language for the cards and the chart's tooltips: the reader's, where a translation exists.
  const words = useCommentVersion(test, points.map(pointWords));
  return (
    <Stack gap="md">
      {emotions.data ? (
        <EmotionChart
          samples={emotions.data}
          startMs={startMs}
          seconds={seconds}
          points={pointsIn(points, words)}
          onSeek={onSeek}
        />
      ) : null}
      {/* a remote participant records no EEG; its facial expressions are a stream of their own, and its voice */}
      {participant.source === 'webcam' ? (
        <WebcamParticipantPanels
          headingOrder={3}
          testId={test.id}
          participant={participant}
          startMs={startMs}
          seconds={seconds}
          onSeek={onSeek}
          hasNoEeg={emotions.data === null}
        />
      ) : null}
      <Neurofeedback
        test={test}
        participantId={participant.id}
        points={points}
        words={words}
        sections={participant.sections ?? []}
        startMs={startMs}
        nowMs={startMs + seconds * 1000}
      />
      {test.platform === 'video' ? null : insights}
    </Stack>
  );
}
