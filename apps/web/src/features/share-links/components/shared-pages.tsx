import { DEFAULT_PAGE_FILTER } from '@limbus/analytics';
import type { Emotion, SharedPage } from '@limbus/contract';
import { Group, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Empty, PageLoader } from '../../../ui';
import { EmotionSelector, PageRankingCards, rankPages, shownPages } from '../../page-ranking';
import { type SharedApi, useSharedPages, useSharedTags } from '../api';
import { SharedError } from './shared-error';

type PanelProps = { api: SharedApi; token: string };

/** The filter the client's Pages screen opens with: a visitor cannot change it, so it says so. */
const FILTER = { ...DEFAULT_PAGE_FILTER };

/** The pages ranked on an emotion, with the client's rules (intervals, pages that score alike). */
export function SharedPages({ api, token }: PanelProps) {
  const pages = useSharedPages(api, token);
  const [emotion, setEmotion] = useState<Emotion>('frustration');
  const shown = useMemo(() => shownPages(pages.data ?? [], FILTER), [pages.data]);
  const ranked = useMemo(
    () => rankPages(shown, emotion, (page: SharedPage) => page.peaks[emotion]),
    [shown, emotion],
  );
  if (pages.isLoading) return <PageLoader label="Loading the pages" />;
  if (pages.isError || !pages.data) return <SharedError error={pages.error} />;
  const hidden = pages.data.length - shown.length;
  const few = `fewer than ${FILTER.minParticipants} participants`;
  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="lg" wrap="wrap">
        <EmotionSelector value={emotion} onChange={setEmotion} />
      </Group>
      {hidden > 0 && (
        <Text size="sm" c="dimmed">
          {hidden === 1 ? '1 page was' : `${hidden} pages were`} visited by {few}: too few to rank, not shown.
        </Text>
      )}
      {ranked.length === 0 ? (
        <Empty
          title="No pages to rank"
          description={
            pages.data.length === 0
              ? 'The researchers named no pages of this test.'
              : `Every page had ${few}.`
          }
        />
      ) : (
        <PageRankingCards ranked={ranked} cards={ranked} emotion={emotion} />
      )}
    </Stack>
  );
}

/** The tags of the test's moments: how many moments each tags and how many participants they come from. */
export function SharedTags({ api, token }: PanelProps) {
  const tags = useSharedTags(api, token);
  if (tags.isLoading) return <PageLoader label="Loading the tags" />;
  if (tags.isError || !tags.data) return <SharedError error={tags.error} />;
  if (tags.data.length === 0)
    return <Empty title="No tags" description="The researchers tagged no moments of this test." />;
  return (
    <Table striped verticalSpacing="sm" aria-label="Tags">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tag</Table.Th>
          <Table.Th ta="right">Moments tagged</Table.Th>
          <Table.Th ta="right">Participants</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tags.data.map((tag) => (
          <Table.Tr key={tag.name}>
            <Table.Td>
              <Text fw={600} size="sm">
                {tag.name}
              </Text>
              {tag.description && (
                <Text size="xs" c="dimmed">
                  {tag.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{tag.count}</Table.Td>
            <Table.Td ta="right">{tag.participants}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
