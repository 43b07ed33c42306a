import { joinNames } from '@limbus/analytics';
import { EMOTION_NAMES, type Emotion } from '@limbus/contract';
import { Card, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { EMOTION_COLORS, formatClock, formatIndexAgainstMean } from '../../ui';
import { MeasureBar } from './emotion-parts';
import { IndexRangeBar, type IndexScale, indexScale } from './index-range-bar';
import { indexCertainty } from './mean-interval';
import { alikeSentences, type RankablePage, type RankedPage } from './page-ranking';

const formatTime = (ms: number) => formatClock(ms / 1000, { padMinutes: true });

/** An index read as what it means: 105 → '5 % above the mean of the pages shown'. */
const indexAgainstPages = (index: number) =>
  index === 100 ? 'at the mean of the pages shown' : `${formatIndexAgainstMean(index)} of the pages shown`;

type Props<P extends RankablePage> = {
  ranked: readonly RankedPage<P>[];
  /** The ranked pages shown as cards. */
  cards: readonly RankedPage<P>[];
  emotion: Emotion;
  /** The card chosen to explain; with `onSelect`, the cards are buttons. */
  selected?: RankedPage<P>;
  onSelect?: (card: RankedPage<P>) => void;
};

/**
 * The ranking of pages on an emotion as a client reads it (the client's Pages screen and a share
 * link's): pages that cannot be told apart say so instead of showing a rank, each with its index,
 * n and 95 % interval.
 */
export function PageRankingCards<P extends RankablePage>({
  ranked,
  cards,
  emotion,
  selected,
  onSelect,
}: Props<P>) {
  const alike = alikeSentences(ranked, cards, emotion);
  const scale = indexScale(cards.map((card) => ({ index: card.index, interval: card.indexInterval })));
  return (
    <Stack gap="lg">
      <Stack gap={4} aria-label="How the pages compare" role="group">
        {alike.map((sentence) => (
          <Text key={sentence} fw={500}>
            {sentence}: their differences could be chance.
          </Text>
        ))}
        <Text size="sm" c="dimmed" maw={760}>
          Pages are in the order of their mean {EMOTION_NAMES[emotion].toLowerCase()}. A page has a rank (#)
          only when it differs from the next page by more than chance (Welch’s t-test at 5 % over the
          participants, corrected for the number of comparisons). The dark range on each bar is its 95 %
          interval.
        </Text>
      </Stack>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: Math.min(cards.length, 4) }}
        spacing="md"
        role="list"
        aria-label="Ranking"
      >
        {cards.map((card) => (
          <RankingCard
            key={card.rank}
            card={card}
            alikeWith={ranked
              .filter((r) => r.tier === card.tier && r !== card && Number.isFinite(r.index))
              .map((r) => r.page.name)}
            scale={scale}
            emotion={emotion}
            isSelected={card === selected}
            onSelect={onSelect && (() => onSelect(card))}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function RankingCard<P extends RankablePage>({
  card,
  alikeWith,
  scale,
  emotion,
  isSelected,
  onSelect,
}: {
  card: RankedPage<P>;
  /** The other pages of its tier: it cannot be told apart from them. */
  alikeWith: string[];
  scale: IndexScale;
  emotion: Emotion;
  isSelected: boolean;
  onSelect: (() => void) | undefined;
}) {
  const name = EMOTION_NAMES[emotion];
  const content: ReactNode = (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {card.isSeparated || !Number.isFinite(card.index)
          ? `#${card.rank}`
          : `Alike with ${joinNames(alikeWith)}`}
      </Text>
      <Text fw={700} fz="lg">
        {card.page.name}
      </Text>
      <Text size="sm">
        {Number.isFinite(card.index)
          ? `${name} ${indexAgainstPages(card.index)} (index ${card.index})`
          : `No ${name.toLowerCase()} measured`}
      </Text>
      {Number.isFinite(card.index) ? (
        <>
          <Text size="xs" c="dimmed">
            {indexCertainty(card.page.emotion_participants, card.indexInterval)}
          </Text>
          <IndexRangeBar
            index={card.index}
            interval={card.indexInterval}
            scale={scale}
            emotion={emotion}
            label={`${name} ${indexAgainstPages(card.index)} ${indexCertainty(card.page.emotion_participants, card.indexInterval)}`}
          />
        </>
      ) : null}
      <Text size="sm">
        {card.peaks} {card.peaks === 1 ? 'peak' : 'peaks'} of {name.toLowerCase()}
      </Text>
      <MeasureBar width={card.peakBarWidth} emotion={emotion} label={`${name} peaks`} />
      <Text size="sm" c="dimmed">
        {card.page.total_participants} participants · {formatTime(card.page.average_time)} on average
      </Text>
    </Stack>
  );
  return (
    <Card
      role="listitem"
      p={onSelect ? 0 : 'md'}
      style={{
        borderColor: isSelected ? EMOTION_COLORS[emotion] : undefined,
        borderWidth: isSelected ? 2 : 1,
      }}
    >
      {onSelect ? (
        <UnstyledButton onClick={onSelect} aria-pressed={isSelected} p="md" w="100%" h="100%">
          {content}
        </UnstyledButton>
      ) : (
        content
      )}
    </Card>
  );
}
