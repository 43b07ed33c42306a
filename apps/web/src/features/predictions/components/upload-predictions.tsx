import {
  PREDICTION_CREDITS,
  PREDICTION_IMAGE_MAX_MEGABYTES,
  PREDICTION_TITLE_REQUIRED,
} from '@limbus/contract';
import {
  Alert,
  Badge,
  Button,
  Divider,
  FileButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type UploadSource, useProjects, useUploadPrediction } from '../api';
import { CaptureForm } from './capture-form';
import { type PendingUpload, UploadRow } from './upload-row';

/** Spec 3 §5: generating predictions is refused if any upload has no title. */
const UNTITLED_REFUSAL = 'Generating predictions is refused if any upload has no title.';

function ProjectChoice({
  value,
  onChange,
  disabled,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  disabled: boolean;
}) {
  const projects = useProjects();
  const data = (projects.data ?? []).map((project) => ({ value: String(project.id), label: project.name }));
  return (
    <Select
      label="Project"
      placeholder="No project"
      data={data}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id ? Number(id) : null)}
      clearable
      disabled={disabled || data.length === 0}
      description={data.length === 0 ? 'No projects yet; the heatmaps are kept without one.' : undefined}
    />
  );
}

/**
 * Spec 3 'Upload': capture pages or choose image files, give each upload a title, then generate:
 * create, generate and update run in sequence per upload, with progress. One upload opens its
 * heatmap when done; several stay listed with links.
 */
export function UploadPredictions({
  opened,
  onClose,
  projectId = null,
}: {
  opened: boolean;
  onClose: () => void;
  projectId?: number | null;
}) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [project, setProject] = useState<number | null>(projectId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(1);
  const upload = useUploadPrediction();
  const navigate = useNavigate();

  const change = (key: number, changes: Partial<PendingUpload>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  const add = (sources: UploadSource[]) => {
    setRefusal(null);
    setUploads((list) => [
      ...list,
      ...sources.map((source) => ({
        key: nextKey.current++,
        source,
        title: '',
        step: null,
        sent: 0,
        generated: 0,
        error: null,
        predictionId: null,
      })),
    ]);
  };

  const close = () => {
    if (busy) return;
    setUploads([]);
    setRefusal(null);
    setProject(projectId);
    onClose();
  };

  const runOne = async (item: PendingUpload): Promise<number | null> => {
    try {
      const prediction = await upload.mutateAsync({
        source: item.source,
        title: item.title.trim(),
        projectId: project,
        createdId: item.predictionId,
        onStep: (step) => change(item.key, { step }),
        onProgress: (sent) => change(item.key, { sent }),
        onCreated: (predictionId) => change(item.key, { predictionId }),
        onGeneration: (generated) => change(item.key, { generated }),
      });
      change(item.key, { predictionId: prediction.id });
      return prediction.id;
    } catch (error) {
      change(item.key, { error });
      return null;
    }
  };

  /** Generates again an upload whose generation failed (its screenshot is stored already). */
  const retry = async (item: PendingUpload) => {
    change(item.key, { error: null, generated: 0 });
    setBusy(true);
    await runOne(item);
    setBusy(false);
  };

  const generate = async () => {
    const waiting = uploads.filter((item) => item.step === null);
    const untitled = waiting.filter((item) => item.title.trim() === '');
    setUploads((list) =>
      list.map((item) => ({
        ...item,
        titleError: item.step === null && item.title.trim() === '' ? PREDICTION_TITLE_REQUIRED : undefined,
      })),
    );
    if (waiting.length === 0 || untitled.length > 0) {
      setRefusal(waiting.length === 0 ? 'Add a capture or an image first.' : UNTITLED_REFUSAL);
      return;
    }
    setRefusal(null);
    setBusy(true);
    const made: (number | null)[] = [];
    for (const item of waiting) made.push(await runOne(item));
    setBusy(false);
    const [only] = made;
    if (waiting.length === 1 && uploads.length === 1 && only) navigate(`/predictions/heatmaps/${only}`);
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload screenshots" size="lg" centered>
      <Stack gap="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Capture a page on our server or upload PNG or JPEG files (at most {PREDICTION_IMAGE_MAX_MEGABYTES}{' '}
            MB).
          </Text>
          <Badge variant="light" color="gray">
            Heatmap credits: {PREDICTION_CREDITS}
          </Badge>
        </Group>
        <Title order={3} fz={16}>
          Capture a web page
        </Title>
        <CaptureForm onAdd={add} disabled={busy} />
        <Divider label="or" labelPosition="center" />
        <FileButton
          onChange={(files) => add(files.map((file) => ({ kind: 'file', file })))}
          accept="image/png,image/jpeg"
          multiple
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              w="fit-content"
              leftSection={<IconPhoto size={16} aria-hidden />}
              disabled={busy}
            >
              Choose image files
            </Button>
          )}
        </FileButton>
        {uploads.length > 0 ? (
          <Stack gap="xs" component="ol" aria-label="Uploads" p={0} m={0} style={{ listStyle: 'none' }}>
            {uploads.map((item, index) => (
              <UploadRow
                key={item.key}
                upload={item}
                index={index}
                busy={busy}
                onTitle={(title) => change(item.key, { title, titleError: undefined })}
                onRemove={() => setUploads((list) => list.filter((other) => other.key !== item.key))}
                onRetry={() => void retry(item)}
              />
            ))}
          </Stack>
        ) : null}
        <ProjectChoice value={project} onChange={setProject} disabled={busy} />
        {refusal ? (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {uploads.some((item) => item.step === 'done') ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={generate} loading={busy}>
            Generate predictions
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
