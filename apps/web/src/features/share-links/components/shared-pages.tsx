import { DEFAULT_PAGE_FILTER } from '@limbus/analytics';
import type { Emotion, SharedPage } from '@limbus/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Empty, PageLoader } from '../../../ui';
import { EmotionSelector, PageRankingCards, rankPages, shownPages } from '../../page-ranking';
import { type SharedApi, useSharedPages } from '../api';
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
