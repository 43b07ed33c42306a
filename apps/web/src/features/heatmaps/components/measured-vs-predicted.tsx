import { type HeatmapPage, type Prediction, unpackPointCells } from '@limbus/contract';
import { Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorAlert, useNearViewport } from '../../../ui';
import { usePagePrediction, usePredictPage } from '../../predictions';
import { useHeatmapPoints } from '../api';
import { type Comparison, compareMeasured, differencePixels, heatPixels } from '../measured-vs-predicted';

/** The first seconds the model predicts (docs/attention-model.md), of the measured gaze too. */
const FIRST_SECONDS = '5';
/** How near the viewport the section comes before the comparison is made (a CSS rootMargin). */
const COMPARE_MARGIN = '400px';

async function maskPixels(url: string) {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** A cell grid drawn over the screenshot, stretched to its width. */
function CellLayer({
  pixels,
  cols,
  rows,
  label,
}: {
  pixels: Uint8ClampedArray;
  cols: number;
  rows: number;
  label: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = ref.current?.getContext('2d');
    if (context) context.putImageData(new ImageData(new Uint8ClampedArray(pixels), cols, rows), 0, 0);
  }, [pixels, cols, rows]);
  return (
    <canvas
      ref={ref}
      width={cols}
      height={rows}
      role="img"
      aria-label={label}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
    />
  );
}

function Column({ title, screenshot, children }: { title: string; screenshot: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="figure" m={0}>
      <Text size="sm" fw={600} component="figcaption">
        {title}
      </Text>
      <Box pos="relative" style={{ lineHeight: 0, border: '1px solid var(--mantine-color-gray-3)' }}>
        <img src={screenshot} alt="" style={{ width: '100%' }} />
        {children}
      </Box>
    </Stack>
  );
}

const figure = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '–');

function Figures({ comparison, participants }: { comparison: Comparison; participants: number }) {
  return (
    <Group gap="xl" wrap="wrap" role="group" aria-label="Model scores for this page">
      <Text size="sm">
        AUC <strong>{figure(comparison.auc)}</strong>
      </Text>
      <Text size="sm">
        NSS <strong>{figure(comparison.nss)}</strong>
      </Text>
      <Text size="sm">
        CC <strong>{figure(comparison.cc)}</strong>
      </Text>
      <Text size="xs" c="dimmed">
        Gaze of the first {FIRST_SECONDS} s of {participants}{' '}
        {participants === 1 ? 'participant' : 'participants'}. AUC: 0.5 is chance, 1 perfect; NSS above 0 and
        CC near 1 mean the prediction matches.
      </Text>
    </Group>
  );
}

function Comparisons({
  testId,
  page,
  prediction,
}: {
  testId: number;
  page: HeatmapPage;
  prediction: Prediction;
}) {
  const points = useHeatmapPoints(testId, page.id, { kind: 'gaze', firstSeconds: FIRST_SECONDS });
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!points.data || !prediction.image_mask) return;
    let live = true;
    maskPixels(prediction.image_mask)
      .then(
        (mask) =>
          live &&
          setComparison(compareMeasured(unpackPointCells(points.data.cells, points.data.cell_px), mask)),
      )
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [points.data, prediction.image_mask]);

  if (points.isError)
    return <ErrorAlert error={points.error} title="The measured gaze could not be loaded" />;
  if (failed) return <Alert color="red">The predicted mask could not be read.</Alert>;
  if (!comparison || !points.data || !page.screenshot) return <Text size="sm">Comparing…</Text>;
  if (points.data.samples === 0)
    return (
      <Text size="sm">
        No gaze was recorded on this page in the first {FIRST_SECONDS} s, so there is nothing to compare.
      </Text>
    );
  const { cols, rows } = comparison.predicted;
  return (
    <Stack gap="sm">
      <Figures comparison={comparison} participants={points.data.participants} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Column title="Measured" screenshot={page.screenshot}>
          <CellLayer
            pixels={heatPixels(comparison.measured)}
            cols={cols}
            rows={rows}
            label="Measured gaze heatmap"
          />
        </Column>
        <Column title="Predicted" screenshot={page.screenshot}>
          {prediction.heatmap ? (
            <img
              src={prediction.heatmap}
              alt="Predicted attention heatmap"
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0.7 }}
            />
          ) : null}
        </Column>
        <Column title="Difference" screenshot={page.screenshot}>
          <CellLayer
            pixels={differencePixels(comparison.difference)}
            cols={cols}
            rows={rows}
            label="Difference: red where people looked more than predicted, blue where less"
          />
        </Column>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Difference: red where people looked more than predicted, blue where they looked less.
      </Text>
    </Stack>
  );
}

/**
 * Measured against predicted (issue 14, beyond the spec): the page's screenshot predicted by our
 * model beside the measured gaze of the first seconds and as a difference map, with the model's
 * AUC, NSS and CC for this page.
 */
export function MeasuredVsPredicted({
  testId,
  page,
  canPredict,
}: {
  testId: number;
  page: HeatmapPage;
  canPredict: boolean;
}) {
  const prediction = usePagePrediction(testId, page.id);
  const predict = usePredictPage(testId, page.id);
  // reading a full page's mask and comparing it takes the main thread a while: left until the
  // section is near (on a phone it lies far below the page's own heatmap)
  const section = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(section, COMPARE_MARGIN);
  return (
    <Paper
      ref={section}
      withBorder
      p="md"
      component="section"
      aria-labelledby={`measured-predicted-${page.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz={18} id={`measured-predicted-${page.id}`}>
            Measured against predicted
          </Title>
          {canPredict && page.screenshot ? (
            <Button variant="light" onClick={() => predict.mutate()} loading={predict.isPending}>
              {prediction.data ? 'Predict again' : 'Predict this screenshot'}
            </Button>
          ) : null}
        </Group>
        {predict.isError ? (
          <ErrorAlert error={predict.error} title="The screenshot could not be predicted" />
        ) : null}
        {prediction.isError ? (
          <ErrorAlert error={prediction.error} title="The prediction could not be loaded" />
        ) : null}
        {prediction.data ? (
          isNear ? (
            <Comparisons testId={testId} page={page} prediction={prediction.data} />
          ) : (
            <Text size="sm">Comparing…</Text>
          )
        ) : prediction.isSuccess ? (
          <Text size="sm" c="dimmed">
            Predict this page’s screenshot with our attention model to see where people looked more or less
            than it expected, and how well it scores on this page.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
