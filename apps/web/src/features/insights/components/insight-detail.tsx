import {
  EMOTION_NAMES,
  type Insight,
  type SignificantPoint,
  type TestDetail,
  writtenInsightText,
} from '@limbus/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Blockquote,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconQuote } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EMOTION_COLORS, Empty, ErrorAlert, PageLoader } from '../../../ui';
import {
  type CommentVersionChoice,
  CommentVersionToggle,
  pointWords,
  useCommentVersion,
} from '../../account';
import { pointRecordingHref } from '../../recording';
import { useInsights } from '../api';
import { counted, insightFacts, richTextToPlain } from '../insight-facts';
import { highlightOf, insightColor, insightNeighbours } from '../insight-reading';
import { offsetOf } from '../point-labels';
import { EvidenceWithdrawnBadge } from './evidence-withdrawn-badge';
import { InsightClip } from './insight-clip';

/** The Data comments, in the spec's order. */
const DATA_COMMENTS = [
  ['eeg_comment', 'EEG'],
  ['eye_tracking_comment', 'Eye tracking'],
  ['behavior_comment', 'Behavior'],
  ['touch_tracking_comment', 'Touch tracking'],
] as const;

type InsightDetailProps = {
  test: TestDetail;
  insightId: number;
  /** The suggestions made of this insight, shown under its explanation (from the page). */
  linkedSuggestions: ReactNode;
  /** What the page offers on the insight (sharing it by link), beside 'Back to insights'. */
  actions?: (insight: Insight) => ReactNode;
  /** Evidence of the insight shown under its highlighted moment (a published reel), from the page. */
  evidence?: (insight: Insight) => ReactNode;
};

/** /test/{id}/insights/{insightId}: one finding with its moment, data, explanation and suggestions. */
export function InsightDetail({ test, insightId, linkedSuggestions, actions, evidence }: InsightDetailProps) {
  const insights = useInsights(test.id);
  const insight = insights.data?.find((item) => item.id === insightId);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Anchor component={Link} to={`/test/${test.id}/insights`} size="sm">
          <Group gap={4}>
            <IconChevronLeft size={16} aria-hidden />
            Back to insights
          </Group>
        </Anchor>
        {insight && actions ? actions(insight) : null}
      </Group>
      {insights.isLoading ? <PageLoader label="Loading the insight" /> : null}
      {insights.isError ? (
        <ErrorAlert error={insights.error} title="The insight could not be loaded" />
      ) : null}
      {insights.data && !insight ? (
        <Empty title="This insight does not exist" description="It may have been removed or renumbered." />
      ) : null}
      {insight && insights.data ? (
        <InsightReading test={test} insight={insight} all={insights.data} evidence={evidence?.(insight)}>
          {linkedSuggestions}
        </InsightReading>
      ) : null}
    </Stack>
  );
}

function InsightReading({
  test,
  insight,
  all,
  evidence,
  children,
}: {
  test: TestDetail;
  insight: Insight;
  all: Insight[];
  evidence?: ReactNode;
  children: ReactNode;
}) {
  // One language for the highlight and the supporting cards: the reader's, where a translation exists.
  const words = useCommentVersion(test, insight.significant_points.map(pointWords));
  const highlight = highlightOf(insight);
  return (
    <Stack gap="lg">
      <InsightHeading test={test} insight={insight} all={all} />
      <CommentVersionToggle choice={words} />
      {highlight ? <HighlightedMoment test={test} point={highlight} words={words} /> : null}
      {evidence}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DataSection insight={insight} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextSection title="Explanation" html={insight.explanation} />
        </Grid.Col>
      </Grid>
      {children}
      <SupportingData test={test} points={insight.significant_points} words={words} />
    </Stack>
  );
}

function InsightHeading({ test, insight, all }: { test: TestDetail; insight: Insight; all: Insight[] }) {
  const { previous, next } = insightNeighbours(all, insight);
  const facts = insightFacts(insight);
  const summary = richTextToPlain(writtenInsightText(insight.summary));
  const step = (target: Insight | null, label: string, icon: React.ReactNode) =>
    target ? (
      <ActionIcon
        component={Link}
        to={`/test/${test.id}/insights/${target.id}`}
        variant="default"
        size="lg"
        aria-label={label}
      >
        {icon}
      </ActionIcon>
    ) : (
      <ActionIcon variant="default" size="lg" aria-label={label} disabled>
        {icon}
      </ActionIcon>
    );
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Insight {insight.assigned_id} of {all.length} · {counted(facts.dataPoints, 'data point')} ·{' '}
            {counted(facts.participants, 'participant')}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ color: insightColor(insight) }}>
            {insight.title}
          </Title>
          <EvidenceWithdrawnBadge insight={insight} />
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {step(previous, 'Previous insight', <IconChevronLeft size={18} aria-hidden />)}
          {step(next, 'Next insight', <IconChevronRight size={18} aria-hidden />)}
        </Group>
      </Group>
      {summary ? <Text maw={820}>{summary}</Text> : null}
    </Stack>
  );
}

function HighlightedMoment({
  test,
  point,
  words,
}: {
  test: TestDetail;
  point: SignificantPoint;
  words: CommentVersionChoice;
}) {
  const comment = words.show(pointWords(point)).trim();
  return (
    <Card withBorder padding="lg" component="section" aria-label="Highlighted moment">
      <Grid gap="lg" align="center">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Blockquote
            color={EMOTION_COLORS[point.emotion]}
            icon={<IconQuote size={20} aria-hidden />}
            cite={`Participant ${point.participant_label} · ${EMOTION_NAMES[point.emotion]}`}
          >
            {comment || 'No words at this moment: the emotion peak speaks for itself.'}
          </Blockquote>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <InsightClip
            testId={test.id}
            participantId={point.participant_id}
            pointAtMs={point.timestamp_top}
          />
        </Grid.Col>
      </Grid>
    </Card>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <Stack gap={6}>
      {text.split(/\n+/).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
        <Text key={index} size="sm">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function DataSection({ insight }: { insight: Insight }) {
  const written = DATA_COMMENTS.map(
    ([field, label]) => [label, writtenInsightText(insight[field]).trim()] as const,
  ).filter(([, text]) => text !== '');
  return (
    <Card withBorder padding="lg" h="100%" component="section" aria-labelledby="insight-data">
      <Title order={2} fz="lg" mb="sm" id="insight-data">
        Data
      </Title>
      {written.length === 0 ? (
        <Text size="sm" c="dimmed">
          No further consultant input
        </Text>
      ) : (
        <Stack gap="sm">
          {written.map(([label, text]) => (
            <div key={label}>
              <Text fw={600} size="sm">
                {label}
              </Text>
              <Paragraphs text={text} />
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function TextSection({ title, html }: { title: string; html: string }) {
  const text = richTextToPlain(writtenInsightText(html));
  const id = `insight-${title.toLowerCase()}`;
  return (
    <Card withBorder padding="lg" h="100%" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" mb="sm" id={id}>
        {title}
      </Title>
      {text ? (
        <Paragraphs text={text} />
      ) : (
        <Text size="sm" c="dimmed">
          No further consultant input
        </Text>
      )}
    </Card>
  );
}

function SupportingData({
  test,
  points,
  words,
}: {
  test: TestDetail;
  points: SignificantPoint[];
  words: CommentVersionChoice;
}) {
  const startOf = new Map(test.participants.map((participant) => [participant.id, participant.started_at]));
  return (
    <Stack gap="sm" component="section" aria-labelledby="insight-supporting-data">
      <Title order={2} fz="lg" id="insight-supporting-data">
        Supporting data
      </Title>
      {points.length === 0 ? (
        <Text size="sm" c="dimmed">
          No data points linked to this insight yet.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {points.map((point) => {
          const at = offsetOf(point, startOf.get(point.participant_id) ?? null);
          const comment = words.show(pointWords(point)).trim();
          return (
            <Card
              key={point.id}
              withBorder
              padding="md"
              style={{ borderLeft: `4px solid ${EMOTION_COLORS[point.emotion]}` }}
            >
              <Group justify="space-between" mb={4}>
                <Badge variant="light" color="gray">
                  {EMOTION_NAMES[point.emotion]}
                </Badge>
                <Text size="xs" c="dimmed">
                  Participant {point.participant_label}
                  {at ? ` · at ${at}` : ''}
                </Text>
              </Group>
              <Text size="sm">{comment ? `“${comment}”` : 'No comment at this peak.'}</Text>
              <Anchor
                component={Link}
                to={pointRecordingHref(test.id, point, startOf.get(point.participant_id))}
                size="sm"
                mt={6}
                display="inline-block"
                // the name starts with the visible text, for speech input (WCAG 2.5.3)
                aria-label={`Watch in the recording: participant ${point.participant_label}, ${EMOTION_NAMES[point.emotion].toLowerCase()} point`}
              >
                Watch in the recording
              </Anchor>
              {point.tags.length > 0 ? (
                <Group gap={4} mt="xs">
                  {point.tags.map((tag) => (
                    <Badge key={tag.id} size="xs" variant="outline">
                      {tag.name}
                    </Badge>
                  ))}
                </Group>
              ) : null}
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
