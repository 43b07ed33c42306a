import type { Prediction } from '@limbus/contract';
import {
  Anchor,
  Box,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Slider,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BackLink, Empty, ErrorAlert, formatPercent, PageLoader } from '../../../ui';
import { usePredictions } from '../api';
import { Legend } from './heatmap-viewer';

/** How many heatmaps may stand beside the first one. */
const MAX_OTHERS = 3;
const DEFAULT_OPACITY = 30;

/** The ids of `?with=2,3` that are generated heatmaps of the list, other than `id`. */
function othersOf(param: string | null, id: number, generated: Prediction[]): number[] {
  const known = new Set(generated.map((prediction) => prediction.id));
  const ids = (param ?? '').split(',').map(Number);
  return [...new Set(ids)].filter((other) => other !== id && known.has(other)).slice(0, MAX_OTHERS);
}

/** One column: the screenshot with its heatmap at `opacity`, and its boxes with their shares. */
function CompareColumn({ prediction, opacity }: { prediction: Prediction; opacity: number }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={prediction.title}>
      <Stack gap="sm">
        <Title order={2} fz={17}>
          <Anchor component={Link} to={`/predictions/heatmaps/${prediction.id}`} c="inherit">
            {prediction.title}
          </Anchor>
        </Title>
        <Box pos="relative" style={{ lineHeight: 0 }}>
          <img src={prediction.image} alt={`Screenshot: ${prediction.title}`} style={{ width: '100%' }} />
          {prediction.heatmap ? (
            <img
              src={prediction.heatmap}
              alt={`Predicted attention on ${prediction.title}`}
              style={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                opacity: opacity / 100,
              }}
            />
          ) : null}
        </Box>
        <Table aria-label={`Boxes of ${prediction.title}`} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Box</Table.Th>
              <Table.Th ta="right">Share of attention</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prediction.areas_of_interest.map((area) => (
              <Table.Tr key={area.id}>
                <Table.Td>{area.name}</Table.Td>
                <Table.Td ta="right">
                  {area.value === null ? '–' : formatPercent(area.value, { rounding: 'down' })}
                </Table.Td>
              </Table.Tr>
            ))}
            {prediction.peekthrough_attention_share === null ? null : (
              <Table.Tr>
                <Table.Td c="dimmed">Unlikely to be seen in 3 to 5 s</Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {formatPercent(prediction.peekthrough_attention_share, { rounding: 'down' })}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {prediction.areas_of_interest.length === 0 ? (
          <Text size="sm" c="dimmed">
            No boxes drawn on this heatmap.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /predictions/heatmaps/{id}/compare: the heatmap beside up to three others, with their boxes' shares. */
export function HeatmapCompare({ id }: { id: number }) {
  const predictions = usePredictions();
  const [params, setParams] = useSearchParams();
  const [opacity, setOpacity] = useState(DEFAULT_OPACITY);
  const generated = useMemo(
    () => (predictions.data ?? []).filter((prediction) => prediction.heatmap && prediction.title.trim()),
    [predictions.data],
  );
  const first = generated.find((prediction) => prediction.id === id);
  const others = othersOf(params.get('with'), id, generated);
  useEffect(() => {
    if (first) document.title = `Compare ${first.title} · Limbus`;
  }, [first]);

  if (predictions.isLoading) return <PageLoader label="Loading the heatmaps" />;
  if (predictions.isError)
    return <ErrorAlert error={predictions.error} title="The heatmaps could not be loaded" />;
  if (!first)
    return (
      <Empty
        title="This heatmap was not found"
        description="It may have been deleted, or it has not been generated yet."
      />
    );
  const choose = (ids: string[]) =>
    setParams(ids.length ? { with: ids.slice(0, MAX_OTHERS).join(',') } : {}, { replace: true });
  const shown = [first, ...others.flatMap((other) => generated.filter((p) => p.id === other))];

  return (
    // spec 3 puts these pages' content 0 px from the top: the margin keeps the back link off the window's edge
    <Stack gap="md" pt={{ base: 0, sm: 'lg' }}>
      <BackLink to={`/predictions/heatmaps/${id}`}>{first.title}</BackLink>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Compare heatmaps
      </Title>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="lg" wrap="wrap">
          <MultiSelect
            label="Compare with"
            placeholder={others.length ? undefined : 'Choose heatmaps'}
            data={generated
              .filter((prediction) => prediction.id !== id)
              .map((prediction) => ({ value: String(prediction.id), label: prediction.title }))}
            value={others.map(String)}
            onChange={choose}
            maxValues={MAX_OTHERS}
            searchable
            nothingFoundMessage="No other generated heatmap has that title"
            w={{ base: '100%', sm: 420 }}
          />
          <Stack gap={4} w={{ base: '100%', sm: 220 }}>
            <Text size="sm">Opacity: {opacity}</Text>
            <Slider
              min={1}
              max={100}
              value={opacity}
              onChange={setOpacity}
              thumbLabel="Opacity"
              label={null}
            />
          </Stack>
          <Box w={{ base: '100%', sm: 220 }}>
            <Legend layer="heatmap" prediction={first} />
          </Box>
        </Group>
      </Paper>
      {others.length === 0 ? (
        <Text size="sm" c="dimmed">
          Choose one to three other heatmaps to see them side by side with the share of attention in their
          boxes.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, xl: Math.min(shown.length, 4) }} spacing="md">
        {shown.map((prediction) => (
          <CompareColumn key={prediction.id} prediction={prediction} opacity={opacity} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
