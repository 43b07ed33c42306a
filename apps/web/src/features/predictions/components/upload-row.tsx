import { CAPTURE_DEVICES, CAPTURE_VIEWS, PREDICTION_TITLE_MAX } from '@limbus/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../../api';
import { GenerationFailedError, type UploadSource, type UploadStep } from '../api';

/** One screenshot of the upload form, its title, and how far its create, generate and update got. */
export type PendingUpload = {
  key: number;
  source: UploadSource;
  title: string;
  titleError?: string;
  step: UploadStep | null;
  sent: number;
  /** Progress of the generation job, 0–100. */
  generated: number;
  error: unknown;
  predictionId: number | null;
};

const STEP_LABELS: Record<UploadStep, string> = {
  creating: 'Creating',
  generating: 'Predicting the attention',
  updating: 'Updating',
  done: 'Done',
};

const STEP_SHARE: Record<UploadStep, number> = { creating: 10, generating: 55, updating: 90, done: 100 };

export function describeSource(source: UploadSource): string {
  if (source.kind === 'file') return source.file.name;
  const { url, device, view } = source.capture;
  return `${url} · ${CAPTURE_DEVICES[device].label} · ${CAPTURE_VIEWS[view]}`;
}

/** What went wrong, in the server's words: the capture's or the file's reason before the summary. */
function problemOf(error: unknown): string {
  if (error instanceof GenerationFailedError) return error.message;
  if (!isApiError(error)) return 'Please try again in a moment.';
  return error.fieldError('url') ?? error.fieldError('file') ?? error.fieldError('title') ?? error.message;
}

function stepShare(upload: PendingUpload): number {
  if (!upload.step) return 0;
  if (upload.step === 'creating' && upload.source.kind === 'file') return upload.sent * STEP_SHARE.generating;
  if (upload.step === 'generating')
    return STEP_SHARE.generating + (upload.generated / 100) * (STEP_SHARE.updating - STEP_SHARE.generating);
  return STEP_SHARE[upload.step];
}

export function UploadRow({
  upload,
  index,
  busy,
  onTitle,
  onRemove,
  onRetry,
}: {
  upload: PendingUpload;
  index: number;
  busy: boolean;
  onTitle: (title: string) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const label = `Title of upload ${index + 1}`;
  return (
    <Paper withBorder p="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" truncate="end">
            {describeSource(upload.source)}
          </Text>
          {busy || upload.step ? null : (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove upload ${index + 1}`}
              onClick={onRemove}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        <TextInput
          aria-label={label}
          placeholder="Title, e.g. Home page, desktop"
          value={upload.title}
          onChange={(event) => onTitle(event.currentTarget.value)}
          error={upload.titleError}
          maxLength={PREDICTION_TITLE_MAX}
          readOnly={busy || upload.step !== null}
          required
        />
        {upload.step ? (
          <Stack gap={2} role="status" aria-live="polite">
            <Group justify="space-between">
              <Text size="xs">{STEP_LABELS[upload.step]}</Text>
              {upload.step === 'done' && upload.predictionId ? (
                <Anchor component={Link} to={`/predictions/heatmaps/${upload.predictionId}`} size="xs">
                  Open heatmap
                </Anchor>
              ) : null}
            </Group>
            <Progress
              value={stepShare(upload)}
              animated={upload.step !== 'done' && !upload.error}
              color={upload.error ? 'red' : undefined}
              aria-label={`Progress of upload ${index + 1}`}
              size="sm"
            />
          </Stack>
        ) : null}
        {upload.error ? (
          <Alert color="red" variant="light" title="This prediction could not be made">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{problemOf(upload.error)}</Text>
              {/* A stored screenshot whose generation failed can be generated again. */}
              {upload.predictionId && !busy ? (
                <Button size="xs" variant="light" color="red" onClick={onRetry}>
                  Try again
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
