import { Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { BlockSkeleton, Empty, ErrorAlert } from '../../../ui';
import { filterPredictions, usePredictions } from '../api';
import { PredictionCard } from './prediction-card';

/** /predictions/heatmaps: the company's heatmaps as cards, newest first, with search on title. */
export function HeatmapsList() {
  const predictions = usePredictions();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterPredictions(predictions.data ?? [], search), [predictions.data, search]);

  if (predictions.isError)
    return <ErrorAlert error={predictions.error} title="The heatmaps could not be loaded" />;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <TextInput
          label="Search"
          placeholder="Search on title"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
      </Paper>
      {predictions.isLoading ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" role="status" aria-label="Loading">
          {[0, 1, 2].map((index) => (
            <BlockSkeleton key={index} height={260} />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, lg: 3 }}
          spacing="md"
          component="ul"
          aria-label="Heatmaps"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {shown.map((prediction) => (
            <li key={prediction.id}>
              <PredictionCard prediction={prediction} />
            </li>
          ))}
        </SimpleGrid>
      )}
      {predictions.isSuccess && predictions.data.length === 0 ? (
        <Empty
          title="No heatmaps yet"
          description="Upload a screenshot of a page to see where people are likely to look."
        />
      ) : null}
      {predictions.isSuccess && predictions.data.length > 0 && shown.length === 0 ? (
        <Empty title="No heatmap matches your search" />
      ) : null}
    </Stack>
  );
}
