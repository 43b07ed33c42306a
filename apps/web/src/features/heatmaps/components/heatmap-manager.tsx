import {
  HEATMAP_DELETE_CONFIRM,
  HEATMAP_MATCH_TYPE_NAMES,
  type HeatmapPage,
  LABEL_MATCH_TYPES,
  type LabelMatchType,
} from '@limbus/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  FileInput,
  Group,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  Empty,
  ErrorAlert,
  formatPercent,
  openConfirmDelete,
  SegmentedChoice,
  TableSkeleton,
} from '../../../ui';
import {
  uploadHeatmapScreenshot,
  useCaptureHeatmap,
  useCreateHeatmap,
  useDeleteHeatmap,
  useHeatmaps,
  useUpdateHeatmap,
} from '../api';
import { pageTitle } from './page-heatmap';

const MATCH_TYPES = LABEL_MATCH_TYPES.map((value) => ({ value, label: HEATMAP_MATCH_TYPE_NAMES[value] }));
type ScreenshotSource = 'none' | 'upload' | 'capture';

/** Manage: create heatmap pages, replace or capture their screenshots, delete them. */
export function HeatmapManager({ testId }: { testId: number }) {
  const pages = useHeatmaps(testId);
  return (
    <Stack gap="xl">
      <NewHeatmapForm testId={testId} />
      <Stack gap="sm" component="section" aria-labelledby="heatmap-pages-title">
        <Title order={2} size="h4" id="heatmap-pages-title">
          Heatmap pages
        </Title>
        {pages.isLoading ? <TableSkeleton rows={3} /> : null}
        {pages.isError ? (
          <ErrorAlert error={pages.error} title="The heatmap pages could not be loaded" />
        ) : null}
        {pages.data?.length === 0 ? (
          <Empty
            title="No heatmap pages yet"
            description="Create one above from a name, a URL and a match type."
          />
        ) : null}
        {pages.data && pages.data.length > 0 ? <HeatmapTable testId={testId} pages={pages.data} /> : null}
      </Stack>
    </Stack>
  );
}

type NewHeatmapValues = {
  name: string;
  url: string;
  matchType: LabelMatchType;
  source: ScreenshotSource;
  file: File | null;
};

function NewHeatmapForm({ testId }: { testId: number }) {
  const create = useCreateHeatmap(testId);
  const capture = useCaptureHeatmap(testId);
  const form = useForm<NewHeatmapValues>({
    initialValues: { name: '', url: '', matchType: 'exact', source: 'none', file: null },
  });
  const { source } = form.values;
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setBusy] = useState(false);

  const handleSubmit = form.onSubmit(async ({ name, url, matchType, file }) => {
    setError(null);
    setBusy(true);
    try {
      const screenshot =
        source === 'upload' && file ? await uploadHeatmapScreenshot(testId, file) : undefined;
      const page = await create.mutateAsync({ name, url, match_type: matchType, screenshot });
      if (source === 'capture') await capture.mutateAsync(page.id);
      form.setValues({ name: '', url: '', file: null });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={handleSubmit} maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          New heatmap page
        </Title>
        <TextInput label="Name" placeholder="Home page" {...form.getInputProps('name')} />
        <Group align="flex-end" grow>
          <TextInput label="URL" placeholder="https://www.example.com/" {...form.getInputProps('url')} />
          <Select
            label="Match type"
            data={MATCH_TYPES}
            {...form.getInputProps('matchType')}
            allowDeselect={false}
            maw={200}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="screenshot-source">
            Screenshot
          </Text>
          <SegmentedChoice
            aria-labelledby="screenshot-source"
            value={source}
            onChange={(value) => form.setFieldValue('source', value)}
            data={[
              { value: 'none', label: 'Later' },
              { value: 'upload', label: 'Upload an image' },
              { value: 'capture', label: 'Capture the URL' },
            ]}
          />
        </Stack>
        {source === 'upload' ? (
          <FileInput
            label="Image"
            placeholder="PNG, JPEG, GIF or WebP"
            accept="image/png,image/jpeg,image/gif,image/webp"
            {...form.getInputProps('file')}
            clearable
          />
        ) : null}
        {source === 'capture' ? (
          <Text size="sm" c="dimmed">
            The server opens the URL at 1920×1080, hides cookie banners and takes the full page.
          </Text>
        ) : null}
        {error ? <ErrorAlert error={error} title="The heatmap page could not be created" /> : null}
        <Group>
          <Button type="submit" loading={isBusy}>
            Create heatmap page
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function HeatmapTable({ testId, pages }: { testId: number; pages: HeatmapPage[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>URL</Table.Th>
            <Table.Th>Match type</Table.Th>
            <Table.Th>Screenshot</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pages.map((page) => (
            <HeatmapRow key={page.id} testId={testId} page={page} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HeatmapRow({ testId, page }: { testId: number; page: HeatmapPage }) {
  const update = useUpdateHeatmap(testId);
  const remove = useDeleteHeatmap(testId);
  const capture = useCaptureHeatmap(testId);
  const [error, setError] = useState<unknown>(null);
  const isCapturing = page.capture?.state === 'queued' || page.capture?.state === 'running';
  const title = pageTitle(page);

  const handleReplace = async (file: File | null) => {
    if (!file) return;
    setError(null);
    try {
      const screenshot = await uploadHeatmapScreenshot(testId, file);
      await update.mutateAsync({ id: page.id, changes: { screenshot } });
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500} c={page.name.trim() ? undefined : 'dimmed'}>
          {title}
        </Text>
      </Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{page.url || <Text c="dimmed">No URL</Text>}</Table.Td>
      <Table.Td>{HEATMAP_MATCH_TYPE_NAMES[page.match_type]}</Table.Td>
      <Table.Td miw={220}>
        <Stack gap={4}>
          {isCapturing ? (
            <>
              <Text size="sm">Capturing… {formatPercent((page.capture?.progress ?? 0) / 100)}</Text>
              <Progress value={page.capture?.progress ?? 0} aria-label={`Capture of ${title}`} animated />
            </>
          ) : page.screenshot ? (
            <Anchor href={page.screenshot} target="_blank" rel="noreferrer" size="sm">
              View screenshot
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              None yet
            </Text>
          )}
          {page.capture?.state === 'failed' ? (
            <Alert color="red" variant="light" p="xs" title="The capture failed">
              {page.capture.message}
            </Alert>
          ) : null}
          {error || capture.error || remove.error ? (
            <ErrorAlert error={error ?? capture.error ?? remove.error} title="That did not work" />
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <FileButton onChange={handleReplace} accept="image/png,image/jpeg,image/gif,image/webp">
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                loading={update.isPending}
                aria-label={`Replace the screenshot of ${title}`}
              >
                {page.screenshot ? 'Replace screenshot' : 'Upload screenshot'}
              </Button>
            )}
          </FileButton>
          <Button
            variant="default"
            size="xs"
            disabled={isCapturing || !page.url}
            loading={capture.isPending}
            onClick={() => capture.mutate(page.id)}
            aria-label={`Capture ${title} from its URL`}
          >
            Capture
          </Button>
          <Button
            color="red"
            variant="subtle"
            size="xs"
            aria-label={`Delete ${title}`}
            onClick={() =>
              openConfirmDelete({ message: HEATMAP_DELETE_CONFIRM, onConfirm: () => remove.mutate(page.id) })
            }
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
