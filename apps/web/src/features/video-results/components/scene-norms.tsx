import type { VideoResults } from '@limbus/contract';
import { Group, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BlockSkeleton, ErrorAlert, SegmentedChoice } from '../../../ui';
import { useLoadedTest } from '../../test-results';
import { useVideoNorms } from '../api';
import { type NormChoice, type NormRow, normGap, normRows, percentileWithRange } from '../norms';

const rank = (row: NormRow, emotion: 'joy' | 'attention' | 'frustration') =>
  row.percentiles ? percentileWithRange(row.percentiles[emotion], row.range?.[emotion] ?? null) : '–';

/**
 * Beyond the spec: each scene's mean scores as percentiles among the other processed video tests
 * of the company or of the category, as ad-testing products show norms. Shown only from the
 * server's minimum number of tests; below it the screen says how many are needed.
 */
export function SceneNorms({ results }: { results: VideoResults }) {
  const test = useLoadedTest();
  const norms = useVideoNorms(test.id);
  const [choice, setChoice] = useState<NormChoice>('company');
  if (norms.isPending) return <BlockSkeleton />;
  if (norms.isError) return <ErrorAlert error={norms.error} />;
  const group = norms.data[choice];
  const gap = normGap(norms.data, choice, test.company.name);
  const place =
    choice === 'company'
      ? `video tests of ${test.company.name}`
      : `video tests in ${norms.data.category.name}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="scene-norms-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg" id="scene-norms-title">
          Against other video tests
        </Title>
        <SegmentedChoice
          size="xs"
          aria-label="Compare with"
          value={choice}
          onChange={setChoice}
          data={[
            { value: 'company', label: 'Company' },
            { value: 'category', label: 'Category' },
          ]}
        />
      </Group>
      {gap ? (
        <Text c="dimmed" size="sm">
          {gap}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={340}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Scene</Table.Th>
                <Table.Th>Frustration</Table.Th>
                <Table.Th>Joy</Table.Th>
                <Table.Th>Attention</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {normRows(group, results.scenes).map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td fw={row.key === 'video' ? 600 : undefined}>{row.name}</Table.Td>
                  <Table.Td>{rank(row, 'frustration')}</Table.Td>
                  <Table.Td>{rank(row, 'joy')}</Table.Td>
                  <Table.Td>{rank(row, 'attention')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Caption>
              Percentile of each mean score among the whole-video means of {group.tests} other {place}: the
              80th percentile is higher than 80 % of them. In brackets, where it could lie: the percentiles of
              the two ends of the 95 % interval of this test's viewers' mean. For frustration, lower is
              better.
            </Table.Caption>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
