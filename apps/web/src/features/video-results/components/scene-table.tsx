import type { VideoResults } from '@limbus/contract';
import { Button, Group, Paper, Table, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { saveFile, testFileName } from '../../../ui';
import { sceneRows, scenesCsv } from '../scene-table';

const score = (value: number | null) => (value === null ? '–' : `${value}`);

/** Every scene with the viewers' mean scores in it, and the table as CSV. */
export function SceneTable({ results, testName }: { results: VideoResults; testName: string }) {
  const rows = useMemo(() => sceneRows(results), [results]);
  if (rows.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="scene-table-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg" id="scene-table-title">
          Scenes at a glance
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() =>
            saveFile(
              new Blob([scenesCsv(rows)], { type: 'text/csv;charset=utf-8' }),
              testFileName(testName, 'scenes', 'csv'),
            )
          }
        >
          Download CSV
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scene</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Mean frustration</Table.Th>
              <Table.Th>Mean joy</Table.Th>
              <Table.Th>Mean attention</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.name}-${row.start}`}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  {row.start} – {row.end}
                </Table.Td>
                <Table.Td>{score(row.means.frustration)}</Table.Td>
                <Table.Td>{score(row.means.joy)}</Table.Td>
                <Table.Td>{score(row.means.attention)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Caption>Mean scores of the viewers within each scene, 0 to 100.</Table.Caption>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
