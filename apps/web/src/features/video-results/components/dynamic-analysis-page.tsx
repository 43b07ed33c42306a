import type { VideoResults } from '@limbus/contract';
import { RangeSlider, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { EvidenceLayout, formatClock } from '../../../ui';
import { EmotionChart, useVideoKeys } from '../../participants';
import {
  clampSelection,
  DEFAULT_SELECTION_PERCENT,
  MIN_SELECTION_PERCENT,
  type Selection,
  selectionMs,
} from '../selection';
import { pointsBetween, scoresAsSamples } from '../video-time';
import { PointCards } from './point-cards';
import { ResultsGate } from './results-gate';
import { useVideoStage, VideoStage } from './video-stage';

/**
 * The room the selection takes under the video's top edge (issue 26): the gap, its title, the range
 * slider and its hint, the emotion chart with its readout, the card's padding and a margin; the
 * video is at most the window less this high.
 */
const SELECTION_BELOW_VIDEO_PX = 365;
const clock = (ms: number) => formatClock(ms / 1000, { padMinutes: true });

function DynamicAnalysis({ results }: { results: VideoResults }) {
  const stage = useVideoStage(results);
  useVideoKeys(stage.videoRef);
  const [selection, setSelection] = useState<Selection>([0, DEFAULT_SELECTION_PERCENT]);
  const [fromMs, toMs] = selectionMs(selection, results.duration_ms);
  const samples = useMemo(() => scoresAsSamples(results.scores), [results.scores]);
  const choose = (value: Selection) => {
    const next = clampSelection(value);
    setSelection(next);
    stage.seek(selectionMs(next, results.duration_ms)[0] / 1000);
  };
  // the video and the selection in one card, the selection's neurofeedback beside them on a wide
  // screen (under them on a narrow one)
  return (
    <EvidenceLayout
      aside={
        <Stack gap="sm" component="section" aria-labelledby="selection-neurofeedback">
          <Title order={3} fz="lg" id="selection-neurofeedback">
            Neurofeedback
          </Title>
          <PointCards points={pointsBetween(results.points, fromMs, toMs)} onSeek={stage.seek} />
        </Stack>
      }
    >
      <VideoStage results={results} stage={stage} withChart={false} belowPx={SELECTION_BELOW_VIDEO_PX}>
        <Stack gap="sm" component="section" aria-labelledby="selection-title">
          <Title order={3} fz="lg" id="selection-title">
            Selection {clock(fromMs)} - {clock(toMs)}
          </Title>
          <RangeSlider
            aria-label="Selection of the video"
            thumbFromLabel="Selection start"
            thumbToLabel="Selection end"
            value={selection}
            onChange={setSelection}
            onChangeEnd={choose}
            minRange={MIN_SELECTION_PERCENT}
            step={0.5}
            label={(value) => clock((value / 100) * results.duration_ms)}
          />
          <Text size="xs" c="dimmed">
            Space plays and pauses the video.
          </Text>
          {/* a cohort without EEG (webcams) has no scores: the note above the results says so */}
          {results.scores.length > 0 && (
            <EmotionChart
              samples={samples}
              startMs={0}
              range={[fromMs / 1000, toMs / 1000]}
              seconds={stage.seconds}
              onSeek={stage.seek}
              label="Mean scores of the viewers in the selection"
              meanLabel="video mean"
            />
          )}
        </Stack>
      </VideoStage>
    </EvidenceLayout>
  );
}

/** /video-test/{id}/dynamic-analysis (and the research area's): any part of the video, analysed. */
export function VideoDynamicAnalysisPage() {
  return (
    <Stack gap="lg">
      <Title order={2} fz={24}>
        Dynamic analysis
      </Title>
      <ResultsGate>{(results) => <DynamicAnalysis results={results} />}</ResultsGate>
    </Stack>
  );
}
