import type { ParticipantQuality, QualityProblem, QualityThresholds, WebcamQuality } from '@limbus/contract';
import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert, formatCount, TableSkeleton } from '../../../ui';
import { useParticipantQuality } from '../api';
import {
  formatDegrees,
  formatSamplingRate,
  formatShare,
  formatWebcamDegrees,
  problemsText,
  thresholdText,
} from '../quality-format';
import { ExclusionSwitch } from './exclusion-switch';

type Measure = { label: string; value: string; detail: string; problem: QualityProblem };

function measures(quality: ParticipantQuality): Measure[] {
  return [
    {
      label: 'Tracking ratio',
      value: formatShare(quality.tracking_ratio),
      detail: `of ${formatCount(quality.gaze_samples)} gaze samples have a position`,
      problem: 'tracking',
    },
    {
      label: 'Precision (RMS-S2S)',
      value: formatDegrees(quality.precision_rms_s2s_deg),
      detail: `SD ${formatDegrees(quality.precision_sd_deg)}`,
      problem: 'precision',
    },
    {
      label: 'Accuracy',
      value: formatDegrees(quality.accuracy_deg),
      detail:
        quality.validation_targets > 0
          ? `on ${quality.validation_targets} validation target${quality.validation_targets === 1 ? '' : 's'}`
          : 'No validation targets in this recording',
      problem: 'accuracy',
    },
    {
      label: 'EEG signal',
      value: formatShare(quality.eeg_quality),
      detail:
        quality.eeg_quality === null ? 'The lab sent no EEG quality' : 'of the recording with good contact',
      problem: 'eeg',
    },
  ];
}

function Measures({ quality, thresholds }: { quality: ParticipantQuality; thresholds: QualityThresholds }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {measures(quality).map((measure) => {
        const isLow = quality.problems.includes(measure.problem);
        return (
          <div key={measure.label}>
            <Text size="xs" c="dimmed">
              {measure.label}
            </Text>
            <Text fw={700} c={isLow ? 'red.8' : undefined}>
              {measure.value}
              {isLow ? ` (${thresholdText(measure.problem, thresholds)})` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {measure.detail}
            </Text>
          </div>
        );
      })}
    </SimpleGrid>
  );
}

/** The webcam session's own figures (docs/remote-studies.md), as its end measured them. */
function WebcamMeasures({ webcam }: { webcam: WebcamQuality }) {
  const figures = [
    {
      label: 'Validation accuracy',
      value: formatWebcamDegrees(webcam.validation_accuracy_deg),
      detail: 'the best validation',
    },
    {
      label: 'Validation precision',
      value: formatWebcamDegrees(webcam.validation_precision_deg),
      detail: 'RMS-S2S on the validation points',
    },
    {
      label: 'Tracking ratio',
      value: formatShare(webcam.tracking_ratio),
      detail: 'of webcam samples with the face in view',
    },
    { label: 'Sampling rate', value: formatSamplingRate(webcam.sampling_rate_hz), detail: 'webcam gaze' },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="webcam-quality-title">
      <Group gap="xs">
        <Title order={3} fz="sm" id="webcam-quality-title">
          Webcam gaze
        </Title>
        {webcam.validation_passed ? null : (
          <Badge color="orange" variant="light">
            No validation passed
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {figures.map((figure) => (
          <div key={figure.label}>
            <Text size="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text fw={700}>{figure.value}</Text>
            <Text size="xs" c="dimmed">
              {figure.detail}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The research participant page's data quality: the four measures, each marked when it misses its
 * threshold (docs/gaze-analytics.md), a remote participant's webcam figures, and whether the
 * participant counts in the metrics.
 */
export function ParticipantQualityCard({ testId, participantId }: { testId: number; participantId: number }) {
  const answer = useParticipantQuality(testId, participantId);
  const quality = answer.data?.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="participant-quality-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="md" id="participant-quality-title">
            Data quality
          </Title>
          <Group gap="xs">
            {quality && quality.problems.length > 0 ? (
              <Badge color="red" variant="light">
                Low quality
              </Badge>
            ) : null}
            {quality?.excluded_from_metrics ? (
              <Badge color="gray" variant="light">
                Left out of the metrics
              </Badge>
            ) : null}
          </Group>
        </Group>
        {answer.isLoading ? (
          // as tall as the measures and the switch that come, so that the tabs below stay where they are
          <Box mih={{ base: 198, sm: 90 }}>
            <TableSkeleton rows={1} />
          </Box>
        ) : null}
        {answer.isError ? (
          <ErrorAlert error={answer.error} title="The data quality could not be measured" />
        ) : null}
        {quality && answer.data ? (
          <>
            {quality.problems.length > 0 ? (
              <Text size="sm" c="red.8">
                {problemsText(quality)}
              </Text>
            ) : null}
            <Measures quality={quality} thresholds={answer.data.thresholds} />
            {quality.webcam ? <WebcamMeasures webcam={quality.webcam} /> : null}
            <ExclusionSwitch
              testId={testId}
              quality={quality}
              label="Count this participant in the metrics"
            />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
