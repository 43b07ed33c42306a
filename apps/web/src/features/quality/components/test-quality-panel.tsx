import { type Cohort, participantLabel, QUALITY_PROBLEM_NAMES, type TestQuality } from '@limbus/contract';
import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert, TableSkeleton } from '../../../ui';
import { participantsOfCohort, useCohort } from '../../cohorts';
import { useTestQuality } from '../api';
import { formatDegrees, formatShare } from '../quality-format';
import { ExclusionSwitch } from './exclusion-switch';

function SummaryLine({ quality, cohort }: { quality: TestQuality; cohort: Cohort }) {
  const { summary } = quality;
  return (
    <Text size="sm">
      {summary.low_quality} of {participantsOfCohort(summary.participants, cohort)} below the quality
      thresholds · {summary.excluded} left out of the metrics · median tracking ratio{' '}
      {formatShare(summary.tracking_ratio.median)} · median precision{' '}
      {formatDegrees(summary.precision_rms_s2s_deg.median)} RMS-S2S
    </Text>
  );
}

function ParticipantRows({ testId, quality }: { testId: number; quality: TestQuality }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Participant</Table.Th>
            <Table.Th scope="col">Tracking ratio</Table.Th>
            <Table.Th scope="col">Precision (RMS-S2S / SD)</Table.Th>
            <Table.Th scope="col">Accuracy</Table.Th>
            <Table.Th scope="col">EEG signal</Table.Th>
            <Table.Th scope="col">Quality</Table.Th>
            <Table.Th scope="col">Metrics</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quality.participants.map((row) => (
            <Table.Tr key={row.participant_id}>
              <Table.Th scope="row" fw={600}>
                <Anchor component={Link} to={`/research/test/${testId}/participants/${row.participant_id}`}>
                  {participantLabel(row)}
                </Anchor>
              </Table.Th>
              <Table.Td>{formatShare(row.tracking_ratio)}</Table.Td>
              <Table.Td>
                {formatDegrees(row.precision_rms_s2s_deg)} / {formatDegrees(row.precision_sd_deg)}
              </Table.Td>
              <Table.Td>{formatDegrees(row.accuracy_deg)}</Table.Td>
              <Table.Td>{formatShare(row.eeg_quality)}</Table.Td>
              <Table.Td>
                {row.problems.length > 0 ? (
                  <Badge color="red" variant="light">
                    Low: {row.problems.map((problem) => QUALITY_PROBLEM_NAMES[problem]).join(', ')}
                  </Badge>
                ) : (
                  <Badge color="teal" variant="light">
                    Good
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <ExclusionSwitch testId={testId} quality={row} label={`Count ${participantLabel(row)}`} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The overview's data quality for researchers: the test's summary and every participant's
 * measures, marked below the thresholds, with the choice to leave them out of the metrics; of the
 * cohort the results show (a webcam's accuracy would set the median of a test with both).
 * Computed on the server when this panel asks, never for the clients' overview.
 */
export function TestQualityPanel({ testId }: { testId: number }) {
  const cohort = useCohort();
  const quality = useTestQuality(testId, cohort);
  const thresholds = quality.data?.thresholds;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="overview-data-quality">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id="overview-data-quality">
            Data quality
          </Title>
          <Text size="xs" c="dimmed">
            Researchers only
          </Text>
        </Group>
        {thresholds ? (
          <Text size="sm" c="dimmed">
            Marked below a tracking ratio of {formatShare(thresholds.min_tracking_ratio)}, above{' '}
            {formatDegrees(thresholds.max_precision_rms_s2s_deg)} precision or{' '}
            {formatDegrees(thresholds.max_accuracy_deg)} accuracy, or under{' '}
            {formatShare(thresholds.min_eeg_quality)} EEG signal.
            {quality.data?.participants.some((row) => row.source === 'webcam')
              ? ` Remote (webcam) participants by their tracking ratio and whether their calibration passed the cohort's accuracy threshold: no webcam reaches a lab tracker's ${formatDegrees(thresholds.max_precision_rms_s2s_deg)} precision.`
              : ''}{' '}
            Participants switched off are left out of the page, tag and video metrics and the gaze heatmaps.
          </Text>
        ) : null}
        {quality.isLoading ? <TableSkeleton rows={3} /> : null}
        {quality.isError ? (
          <ErrorAlert error={quality.error} title="The data quality could not be measured" />
        ) : null}
        {quality.data && quality.data.participants.length === 0 ? (
          <Text size="sm" c="dimmed">
            No participants have been recorded yet.
          </Text>
        ) : null}
        {quality.data && quality.data.participants.length > 0 ? (
          <>
            <SummaryLine quality={quality.data} cohort={cohort} />
            <ParticipantRows testId={testId} quality={quality.data} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
