import {
  EXPORT_KIND_NAMES,
  EXPORT_KINDS,
  type ExportFormat,
  type ExportKind,
  type ParticipantSummary,
  participantLabel,
} from '@limbus/contract';
import { Button, Card, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isApiError } from '../../../api';
import { formatCount, SegmentedChoice, saveFile } from '../../../ui';
import { participantsOfCohort, useCohort } from '../../cohorts';
import { type ExportProgress, progressShare, readExport } from '../download-export';

const ALL = 'all';

function ProgressLine({ progress }: { progress: ExportProgress }) {
  const share = progressShare(progress);
  const rows = progress.total === null ? progress.rows : Math.min(progress.rows, progress.total);
  const text =
    progress.total === null
      ? `${formatCount(rows)} rows received`
      : `${formatCount(rows)} of ${formatCount(progress.total)} rows`;
  return (
    <Stack gap={4}>
      <Progress
        value={share === null ? 100 : share * 100}
        striped={share === null}
        animated={share === null}
        aria-label="Export progress"
        aria-valuetext={text}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {text}
      </Text>
    </Stack>
  );
}

/**
 * Download a test's data for other tools (docs/exports.md): raw samples, events or metrics, as CSV
 * or JSON, of every participant or one. Large tests stream for a while, so the rows received are
 * shown against the total the server announces, and the download can be cancelled.
 */
export function ExportPanel({
  testId,
  participants,
  withMetrics,
}: {
  testId: number;
  participants: readonly ParticipantSummary[];
  withMetrics: boolean;
}) {
  const cohort = useCohort();
  const [kind, setKind] = useState<ExportKind>('samples');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [participant, setParticipant] = useState<string>(ALL);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const kinds = EXPORT_KINDS.filter((option) => option !== 'metrics' || withMetrics);
  const isRunning = progress !== null;

  const handleDownload = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setProgress({ rows: 0, total: null });
    try {
      const choice = {
        testId,
        kind,
        format,
        participantId: kind === 'metrics' || participant === ALL ? null : Number(participant),
        cohort,
      };
      const file = await readExport(choice, setProgress, controller.signal);
      saveFile(file.blob, file.fileName);
    } catch (caught) {
      if (!controller.signal.aborted)
        setError(isApiError(caught) ? caught.message : 'The export was interrupted; please try again.');
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="export-data-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="export-data-title">
          Export data
        </Title>
        <Text size="sm" c="dimmed">
          For analysis in other tools: every value with its unit in the column names (CSV) or a units list
          (JSON).
        </Text>
        <Group align="end" gap="sm" wrap="wrap">
          <Select
            label="What"
            data={kinds.map((value) => ({ value, label: EXPORT_KIND_NAMES[value] }))}
            value={kind}
            onChange={(value) => value && setKind(value as ExportKind)}
            allowDeselect={false}
            disabled={isRunning}
            w={320}
          />
          <Select
            label="Participants"
            data={[
              { value: ALL, label: `All ${participantsOfCohort(participants.length, cohort)}` },
              ...participants.map((row) => ({ value: String(row.id), label: participantLabel(row) })),
            ]}
            value={kind === 'metrics' ? ALL : participant}
            onChange={(value) => value && setParticipant(value)}
            allowDeselect={false}
            disabled={isRunning || kind === 'metrics'}
            searchable
            w={260}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="export-format-label">
              Format
            </Text>
            <SegmentedChoice
              aria-labelledby="export-format-label"
              data={[
                { value: 'csv', label: 'CSV' },
                { value: 'json', label: 'JSON' },
              ]}
              value={format}
              onChange={setFormat}
              disabled={isRunning}
            />
          </div>
          {isRunning ? (
            <Button variant="default" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          ) : (
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void handleDownload()}
            >
              Download
            </Button>
          )}
        </Group>
        {progress ? <ProgressLine progress={progress} /> : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
