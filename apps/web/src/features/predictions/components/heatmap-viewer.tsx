import { PREDICTION_CONFIRM_DELETE, type Prediction } from '@limbus/contract';
import { Alert, Box, Button, Grid, Group, Paper, Progress, Slider, Stack, Text, Title } from '@mantine/core';
import { IconColumns, IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  BackLink,
  ErrorAlert,
  fileSlug,
  formatDate,
  openConfirmDelete,
  SegmentedChoice,
  saveFile,
} from '../../../ui';
import { useCreateArea, useDeletePrediction, useGeneratePrediction } from '../api';
import { type Layer, layerCaption, predictionViewPng } from '../export-view';
import { AboutPrediction } from './about-prediction';
import { AreaBoxes } from './area-boxes';
import { AreasPanel } from './areas-panel';

/** Spec 3: the overlay's opacity, 1 to 100, 30 by default. */
const DEFAULT_OPACITY = 30;

/** Before the images exist: the generation job's progress, its failure with a retry, or the button. */
function GenerateNotice({ prediction, canEdit }: { prediction: Prediction; canEdit: boolean }) {
  const generate = useGeneratePrediction(prediction.id);
  const job = prediction.generation;
  if (job?.state === 'queued' || job?.state === 'running')
    return (
      <Alert variant="light" color="blue" title="Generating" role="status" aria-live="polite">
        <Stack gap="xs">
          <Text size="sm">
            {job.state === 'queued'
              ? 'The prediction is waiting for the attention model.'
              : 'The attention model is predicting where people look.'}
          </Text>
          <Progress value={job.progress} animated aria-label="Progress of the prediction" size="sm" />
        </Stack>
      </Alert>
    );
  const failed = job?.state === 'failed';
  return (
    <Alert
      variant="light"
      color={failed ? 'red' : 'yellow'}
      title={failed ? 'The prediction could not be made' : 'Not generated yet'}
    >
      <Stack gap="xs">
        <Text size="sm">
          {failed ? job.message : 'The attention on this screenshot has not been predicted yet.'}
        </Text>
        {canEdit ? (
          <Button w="fit-content" onClick={() => generate.mutate()} loading={generate.isPending}>
            {failed ? 'Try again' : 'Generate'}
          </Button>
        ) : null}
        {generate.isError ? (
          <ErrorAlert error={generate.error} title="The prediction could not be made" />
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The screenshot with the chosen layer over it at `opacity` percent, and the boxes. */
function HeatmapView({
  prediction,
  layer,
  opacity,
  canEdit,
}: {
  prediction: Prediction;
  layer: Layer;
  opacity: number;
  canEdit: boolean;
}) {
  const createArea = useCreateArea(prediction.id);
  const overlay = layer === 'heatmap' ? prediction.heatmap : prediction.peekthrough;
  return (
    <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
      <Box pos="relative" style={{ lineHeight: 0 }}>
        <img
          src={prediction.image}
          alt={`Screenshot: ${prediction.title}`}
          style={{ width: '100%', display: 'block' }}
        />
        {overlay ? (
          <img
            src={overlay}
            alt={
              layer === 'heatmap' ? 'Predicted attention heatmap' : 'Peekthrough: areas unlikely to be seen'
            }
            data-testid="prediction-overlay"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: opacity / 100 }}
          />
        ) : null}
        <AreaBoxes
          areas={prediction.areas_of_interest}
          imageWidth={prediction.width}
          imageHeight={prediction.height}
          canDraw={canEdit && prediction.heatmap !== null}
          onDraw={(rect) => createArea.mutate(rect)}
        />
      </Box>
    </Paper>
  );
}

/** The legend of the chosen layer. */
export function Legend({ layer, prediction }: { layer: Layer; prediction: Prediction }) {
  if (layer === 'peekthrough')
    return (
      <Text size="xs" c="dimmed">
        {layerCaption(prediction, 'peekthrough')}.
      </Text>
    );
  return (
    <Stack gap={4}>
      <Box
        h={10}
        style={{
          borderRadius: 4,
          background: 'linear-gradient(90deg, #0000ff, #00ffff, #00ff00, #ffff00, #ff0000)',
        }}
        aria-hidden
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Less attention
        </Text>
        <Text size="xs" c="dimmed">
          Most attention
        </Text>
      </Group>
    </Stack>
  );
}

/** /predictions/heatmaps/{id}: the heatmap or peekthrough over the screenshot, with its controls and boxes. */
export function HeatmapViewer({
  prediction,
  canEdit,
  back = { to: '/predictions/heatmaps', label: 'Heatmaps' },
}: {
  prediction: Prediction;
  canEdit: boolean;
  /** Where the back link leads: the heatmaps, or the project the viewer was opened from. */
  back?: { to: string; label: string };
}) {
  const [layer, setLayer] = useState<Layer>('heatmap');
  const [opacity, setOpacity] = useState(DEFAULT_OPACITY);
  const remove = useDeletePrediction();
  // The PNG is the view as shown: the chosen layer at the chosen opacity, the boxes and the legend.
  const download = useMutation({
    mutationFn: () => predictionViewPng(prediction, layer, opacity),
    onSuccess: (blob) => saveFile(blob, `${layer}-${fileSlug(prediction.title)}.png`),
  });
  const navigate = useNavigate();
  const confirmDelete = () =>
    openConfirmDelete({
      message: PREDICTION_CONFIRM_DELETE,
      onConfirm: () => remove.mutate(prediction.id, { onSuccess: () => navigate(back.to) }),
    });

  return (
    // spec 3 puts these pages' content 0 px from the top: the margin keeps the back link off the window's edge
    <Stack gap="md" pt={{ base: 0, sm: 'lg' }}>
      <BackLink to={back.to}>{back.label}</BackLink>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {prediction.title}
          </Title>
          <Text size="sm" c="dimmed">
            {prediction.width} × {prediction.height} px · uploaded {formatDate(prediction.created_at)}
            {prediction.requester ? ` by ${prediction.requester}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {prediction.heatmap ? (
            <Button
              component={Link}
              to={`/predictions/heatmaps/${prediction.id}/compare`}
              variant="default"
              leftSection={<IconColumns size={16} aria-hidden />}
            >
              Compare
            </Button>
          ) : null}
          {prediction.heatmap ? (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => download.mutate()}
              loading={download.isPending}
            >
              Download PNG
            </Button>
          ) : null}
          {canEdit ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={confirmDelete}
            >
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>
      {remove.isError ? <ErrorAlert error={remove.error} title="The heatmap could not be deleted" /> : null}
      {download.isError ? <ErrorAlert error={download.error} title="The PNG could not be made" /> : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
          {prediction.heatmap ? null : <GenerateNotice prediction={prediction} canEdit={canEdit} />}
          <HeatmapView prediction={prediction} layer={layer} opacity={opacity} canEdit={canEdit} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
          <Stack gap="md">
            <Paper withBorder p="md" component="section" aria-label="View">
              <Stack gap="sm">
                <SegmentedChoice
                  aria-label="Layer"
                  value={layer}
                  onChange={setLayer}
                  data={[
                    { value: 'heatmap', label: 'Heatmap' },
                    { value: 'peekthrough', label: 'Peekthrough' },
                  ]}
                  fullWidth
                />
                <Stack gap={4}>
                  <Text size="sm" id="opacity-label">
                    Opacity: {opacity}
                  </Text>
                  <Slider
                    min={1}
                    max={100}
                    value={opacity}
                    onChange={setOpacity}
                    thumbLabel="Opacity"
                    label={null}
                  />
                </Stack>
                <Legend layer={layer} prediction={prediction} />
              </Stack>
            </Paper>
            <AreasPanel predictionId={prediction.id} areas={prediction.areas_of_interest} canEdit={canEdit} />
            <AboutPrediction />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
