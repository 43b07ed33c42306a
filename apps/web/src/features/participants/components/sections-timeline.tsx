import type { Section } from '@limbus/contract';
import { ActionIcon, Box, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatMinutesSeconds } from '../../../ui';
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

/** Colours of page titles: Mantine palettes apart from the emotions' pink, green and yellow. */
const PAGE_COLORS = ['blue', 'violet', 'orange', 'cyan', 'grape', 'indigo', 'red', 'teal'] as const;
const UNTITLED_COLOR = 'gray';

type PageKey = { id: number | null; name: string; color: string };

/** Each page title of the sections in order of first appearance, with its colour; untitled last. */
export function sectionPages(sections: readonly Section[]): PageKey[] {
  const pages = new Map<number | null, PageKey>();
  for (const section of sections) {
    const id = section.label?.id ?? null;
    if (pages.has(id) || id === null) continue;
    pages.set(id, {
      id,
      name: nameOf(section),
      color: PAGE_COLORS[pages.size % PAGE_COLORS.length] ?? 'blue',
    });
  }
  if (sections.some((section) => !section.label))
    pages.set(null, { id: null, name: 'No page title', color: UNTITLED_COLOR });
  return [...pages.values()];
}

function SectionBar({
  section,
  left,
  width,
  color,
  isSelected,
  startMs,
  onSelect,
}: {
  section: Section;
  left: number;
  width: number;
  color: string;
  isSelected: boolean;
  startMs: number;
  onSelect: (id: number) => void;
}) {
  return (
    <UnstyledButton
      onClick={() => onSelect(section.id)}
      aria-pressed={isSelected}
      aria-label={`Section ${nameOf(section)} from ${formatMinutesSeconds(section.timestamp_start - startMs)}`}
      title={nameOf(section)}
      px={4}
      style={{
        position: 'absolute',
        top: 4,
        bottom: 4,
        left: `${left}%`,
        width: `${width}%`,
        borderRadius: 4,
        overflow: 'hidden',
        background: `var(--mantine-color-${color}-${isSelected ? 6 : 1})`,
        borderLeft: `3px solid var(--mantine-color-${color}-6)`,
        outline: isSelected ? `2px solid var(--mantine-color-${color}-9)` : undefined,
        outlineOffset: 1,
      }}
    >
      <Text size="xs" fw={600} truncate="end" c={isSelected ? 'white' : `${color}.9`} aria-hidden>
        {nameOf(section)}
      </Text>
    </UnstyledButton>
  );
}

function Legend({ pages, hasDraft }: { pages: PageKey[]; hasDraft: boolean }) {
  const swatch = (background: string, width = 12) => (
    <Box w={width} h={12} bg={background} style={{ borderRadius: 2 }} aria-hidden />
  );
  return (
    <Group gap="md" mt={6} role="list" aria-label="Legend of the sections">
      {pages.map((page) => (
        <Group key={page.id ?? 'none'} gap={6} role="listitem" wrap="nowrap">
          {swatch(`var(--mantine-color-${page.color}-6)`)}
          <Text size="xs">{page.name}</Text>
        </Group>
      ))}
      <Group gap={6} role="listitem" wrap="nowrap">
        {swatch('var(--mantine-color-red-6)', 3)}
        <Text size="xs">Playhead</Text>
      </Group>
      {hasDraft ? (
        <Group gap={6} role="listitem" wrap="nowrap">
          {swatch('var(--mantine-color-green-6)', 3)}
          <Text size="xs">Start of the new section</Text>
        </Group>
      ) : null}
    </Group>
  );
}

/**
 * The recording as a bar with its sections (at least 1 % wide), each named and coloured by its
 * page title with a legend, and the same sections as a list.
 */
export function SectionsTimeline(props: TimelineProps) {
  const { sections, draftStart, startMs, durationMs, nowMs, selectedId, onSelect, onRemove } = props;
  const percentOf = (ms: number) =>
    durationMs > 0 ? Math.min(100, Math.max(0, ((ms - startMs) / durationMs) * 100)) : 0;
  const pages = sectionPages(sections);
  const colorOf = (section: Section) =>
    pages.find((page) => page.id === (section.label?.id ?? null))?.color ?? UNTITLED_COLOR;
  return (
    <Box>
      <Box
        pos="relative"
        h={40}
        bg="var(--mantine-color-gray-1)"
        style={{ borderRadius: 6 }}
        role="group"
        aria-label="Sections of the recording"
      >
        {sections.map((section) => {
          const bar = sectionBar(
            { start: section.timestamp_start, end: section.timestamp_end },
            startMs,
            durationMs,
          );
          return (
            <SectionBar
              key={section.id}
              section={section}
              left={bar.left}
              width={bar.width}
              color={colorOf(section)}
              isSelected={section.id === selectedId}
              startMs={startMs}
              onSelect={onSelect}
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
      <Legend pages={pages} hasDraft={draftStart !== null} />
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
                    <Group gap={6} wrap="nowrap">
                      <Box
                        w={10}
                        h={10}
                        bg={`var(--mantine-color-${colorOf(section)}-6)`}
                        style={{ borderRadius: 2, flexShrink: 0 }}
                        aria-hidden
                      />
                      {nameOf(section)}
                    </Group>
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
