import type { VideoMoment, VideoResults } from '@limbus/contract';
import { Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { EChart, EMOTION_COLORS, EvidenceLayout, formatClock } from '../../../ui';
import { pointsBetween } from '../video-time';
import { PointCards } from './point-cards';
import { ResultsGate } from './results-gate';
import { useVideoStage, VideoStage } from './video-stage';

/** The rows of the bubble chart: the emotions and the two eye-movement measures. */
const KINDS: { kind: VideoMoment['emotion']; name: string; colour: string }[] = [
  { kind: 'frustration', name: 'Frustration', colour: EMOTION_COLORS.frustration },
  { kind: 'joy', name: 'Joy', colour: EMOTION_COLORS.joy },
  { kind: 'attention', name: 'Attention', colour: EMOTION_COLORS.attention },
  { kind: 'spread', name: 'Spread (eye movements)', colour: '#4c6ef5' },
  { kind: 'fluency', name: 'Fluency (eye movements)', colour: '#15aabf' },
];
/**
 * The room the moments chart takes under the video's top edge (issue 26): the gap, the chart, the
 * card's padding and a margin; the video is at most the window less this (and the card's top) high.
 */
const MOMENTS_BELOW_VIDEO_PX = 330;
const clock = (ms: number) => formatClock(ms / 1000, { padMinutes: true });

/**
 * The bubble chart's options. The time axis reads in mm:ss, so its name says what it is rather than
 * a unit (issue 26: a bare 's' dangled beside labels that are not seconds).
 */
export function bubbleChart(moments: readonly VideoMoment[], durationMs: number) {
  return {
    tooltip: { trigger: 'item', formatter: '{b}' },
    grid: { left: 170, right: 24, top: 16, bottom: 56 },
    xAxis: {
      type: 'value',
      min: 0,
      max: durationMs / 1000,
      name: 'Time in the video (mm:ss)',
      nameLocation: 'middle',
      nameGap: 32,
      // on a phone the plot is under 200 px wide: labels that would run into each other are left out
      axisLabel: { formatter: (s: number) => clock(s * 1000), hideOverlap: true },
    },
    yAxis: { type: 'category', data: KINDS.map((kind) => kind.name), inverse: true },
    series: KINDS.map((kind) => ({
      name: kind.name,
      type: 'scatter',
      color: kind.colour,
      data: moments
        .filter((moment) => moment.emotion === kind.kind)
        .map((moment) => ({
          name: `${kind.name} ${clock(moment.start_ms)} - ${clock(moment.end_ms)}: play`,
          value: [moment.start_ms / 1000, kind.name, moment.id],
          symbolSize: Math.min(48, 12 + (moment.end_ms - moment.start_ms) / 250),
        })),
    })),
  };
}

function Moments({ results }: { results: VideoResults }) {
  const stage = useVideoStage(results);
  const [selected, setSelected] = useState<VideoMoment | null>(null);
  const [isPlayingMoment, setPlayingMoment] = useState(false);
  const option = useMemo(() => bubbleChart(results.moments, results.duration_ms), [results]);
  const nowMs = stage.seconds * 1000;

  // A moment plays from its start and pauses after its duration.
  useEffect(() => {
    if (!isPlayingMoment || !selected || nowMs < selected.end_ms) return;
    stage.videoRef.current?.pause();
    setPlayingMoment(false);
  }, [isPlayingMoment, selected, nowMs, stage.videoRef]);

  const playMoment = (id: number) => {
    const moment = results.moments.find((candidate) => candidate.id === id);
    if (!moment) return;
    setSelected(moment);
    stage.seek(moment.start_ms / 1000);
    setPlayingMoment(true);
    void stage.videoRef.current?.play().catch(() => setPlayingMoment(false));
  };

  const neurofeedback = (
    <Stack gap="md">
      {results.moments.length > 0 && (
        <Select
          label="Play a moment"
          placeholder="Choose a moment"
          value={selected ? String(selected.id) : null}
          onChange={(value) => value && playMoment(Number(value))}
          data={results.moments.map((moment) => ({
            value: String(moment.id),
            label: `${KINDS.find((kind) => kind.kind === moment.emotion)?.name} ${clock(moment.start_ms)} - ${clock(moment.end_ms)}`,
          }))}
        />
      )}
      <Stack gap="sm" component="section" aria-labelledby="moment-neurofeedback">
        <Title order={3} fz="lg" id="moment-neurofeedback">
          Neurofeedback{selected ? ` ${clock(selected.start_ms)} - ${clock(selected.end_ms)}` : ''}
        </Title>
        <PointCards
          points={selected ? pointsBetween(results.points, selected.start_ms, selected.end_ms) : []}
          onSeek={stage.seek}
        />
      </Stack>
    </Stack>
  );

  // the video and the moments in one card, the chosen moment's neurofeedback beside them on a
  // wide screen (under them on a narrow one)
  return (
    <EvidenceLayout aside={neurofeedback}>
      <VideoStage results={results} stage={stage} withChart={false} belowPx={MOMENTS_BELOW_VIDEO_PX}>
        {/* the page's title says Moments: the chart needs no second one over it, and the room goes to the video */}
        <section aria-label="Moments">
          {results.moments.length === 0 ? (
            <Text c="dimmed">No moments were found in this video.</Text>
          ) : (
            <EChart
              option={option}
              height={280}
              label="Moments of the viewers over the video"
              onClick={(click) => playMoment((click.value as [number, string, number])[2])}
            />
          )}
        </section>
      </VideoStage>
    </EvidenceLayout>
  );
}

/** /video-test/{id}/moments (and the research area's). */
export function VideoMomentsPage() {
  return (
    <Stack gap="lg">
      <Title order={2} fz={24}>
        Moments
      </Title>
      <ResultsGate>{(results) => <Moments results={results} />}</ResultsGate>
    </Stack>
  );
}
