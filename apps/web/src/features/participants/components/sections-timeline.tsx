import type { Section } from '@limbus/contract';
import { ActionIcon, Box, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatMinutesSeconds } from '../format';
import { sectionBar } from '../section-editor';

type TimelineProps = {
  sections: Section[];
  draftStart: number | null;
  startMs: number;
  durationMs: number;
  nowMs: number;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onRemove: (id: number) => void;
};

const nameOf = (section: Section) => section.label?.name ?? 'No page title';

/** The recording as a bar with its sections (at least 1 % wide), and the same sections as a list. */
export function SectionsTimeline(props: TimelineProps) {
  const { sections, draftStart, startMs, durationMs, nowMs, selectedId, onSelect, onRemove } = props;
  const percentOf = (ms: number) =>
    durationMs > 0 ? Math.min(100, Math.max(0, ((ms - startMs) / durationMs) * 100)) : 0;
  return (
    <Box>
      <Box
        pos="relative"
        h={36}
        bg="var(--mantine-color-gray-1)"
        style={{ borderRadius: 6 }}
        aria-label="Sections of the recording"
      >
        {sections.map((section) => {
          const bar = sectionBar(
            { start: section.timestamp_start, end: section.timestamp_end },
            startMs,
            durationMs,
          );
          const isSelected = section.id === selectedId;
          return (
            <UnstyledButton
              key={section.id}
              onClick={() => onSelect(section.id)}
              aria-pressed={isSelected}
              aria-label={`Section ${nameOf(section)} from ${formatMinutesSeconds(section.timestamp_start - startMs)}`}
              title={nameOf(section)}
              style={{
                position: 'absolute',
                top: 4,
                bottom: 4,
                left: `${bar.left}%`,
                width: `${bar.width}%`,
                borderRadius: 4,
                background: isSelected ? 'var(--mantine-color-violet-6)' : 'var(--mantine-color-blue-4)',
                outline: isSelected ? '2px solid var(--mantine-color-violet-9)' : undefined,
              }}
            />
          );
        })}
        {draftStart !== null ? (
          <Box
            aria-hidden
            pos="absolute"
            top={0}
            bottom={0}
            w={3}
            bg="var(--mantine-color-green-6)"
            style={{ left: `${percentOf(draftStart)}%` }}
          />
        ) : null}
        <Box
          aria-hidden
          pos="absolute"
          top={0}
          bottom={0}
          w={2}
          bg="var(--mantine-color-red-6)"
          style={{ left: `${percentOf(nowMs)}%` }}
        />
      </Box>
      {sections.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          No sections yet: press [ to start one and ] to end it.
        </Text>
      ) : (
        <Table mt="sm" verticalSpacing={4} aria-label="Sections">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Page title</Table.Th>
              <Table.Th>Start</Table.Th>
              <Table.Th>End</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sections.map((section) => (
              <Table.Tr
                key={section.id}
                bg={section.id === selectedId ? 'var(--mantine-color-violet-light)' : undefined}
              >
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onSelect(section.id)}
                    aria-pressed={section.id === selectedId}
                  >
                    {nameOf(section)}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{formatMinutesSeconds(section.timestamp_start - startMs)}</Table.Td>
                <Table.Td>{formatMinutesSeconds(section.timestamp_end - startMs)}</Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete section ${nameOf(section)}`}
                      onClick={() => onRemove(section.id)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Box>
  );
}
