import { EMOTION_NAMES, EMOTIONS, type LabelWithMetrics } from '@limbus/contract';
import { Table, Text } from '@mantine/core';
import { meanWithInterval } from '../../page-ranking';

/**
 * The chart's numbers as text, each mean with its participant count and 95 % interval: readable
 * without hovering the chart, with the keyboard and by screen readers (a closed disclosure, so
 * that the overview stays short).
 */
export function EmotionMeansTable({ labels }: { labels: readonly LabelWithMetrics[] }) {
  const pages = labels.filter((label) => label.total_participants > 0).sort((a, b) => a.id - b.id);
  return (
    <details>
      <summary>
        <Text span size="sm" fw={600}>
          The means with their participant count and 95 % interval
        </Text>
      </summary>
      <Table.ScrollContainer minWidth={560} mt="xs">
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Page</Table.Th>
              {EMOTIONS.map((emotion) => (
                <Table.Th scope="col" key={emotion}>
                  {EMOTION_NAMES[emotion]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pages.map((page) => (
              <Table.Tr key={page.id}>
                <Table.Th scope="row" fw={500}>
                  {page.name}
                </Table.Th>
                {EMOTIONS.map((emotion) => {
                  const mean = page[emotion];
                  return (
                    <Table.Td key={emotion}>
                      {mean === null
                        ? 'No emotion data'
                        : meanWithInterval(mean, page.emotion_participants, page.intervals[emotion])}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </details>
  );
}
