import { neurofeedbackPoints } from '@limbus/analytics';
import type { Section, SignificantPoint } from '@limbus/contract';
import {
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { EMOTION_COLORS, EVIDENCE_CARD_COLUMNS, formatMinutesSeconds } from '../../../ui';
import { type CommentVersionChoice, CommentVersionToggle, pointWords } from '../../account';

/** Where the recording screen opens a feedback point: its time into the recording and its id. */
export function recordingUrl(
  testId: number,
  participantId: number,
  point: SignificantPoint,
  startMs: number,
) {
  const seconds = Math.max(0, (point.timestamp_top - startMs) / 1000);
  return `/test/${testId}/participant/${participantId}/recording?timestamp=${seconds.toFixed(3)}&sp_id=${point.id}`;
}

/** The section (page) the playhead is in; its title links to the page's insights. */
function CurrentSection({ testId, section }: { testId: number; section: Section | undefined }) {
  if (!section?.label) return <Text c="dimmed">No page title at this moment</Text>;
  return (
    <Anchor component={Link} to={`/test/${testId}/page-insights?page=${section.label.id}`} fw={600}>
      {section.label.name}
    </Anchor>
  );
}

/**
 * Neurofeedback at the playhead: points from 5 s before to 7 s after it, their tags linking to
 * the tags screen; selecting a point opens the recording screen at it in a new window.
 */
export function Neurofeedback({
  test,
  participantId,
  points,
  sections,
  startMs,
  nowMs,
  highlightId,
  onOpen,
  words,
}: {
  test: { id: number };
  participantId: number;
  points: SignificantPoint[];
  sections: Section[];
  startMs: number;
  nowMs: number;
  /** The point the address named (sp_id): marked among the cards. */
  highlightId?: number | null;
  /** Opens a point in place (the recording screen seeks to it) instead of in a new window. */
  onOpen?: (point: SignificantPoint) => void;
  /**
   * The screen's one choice of the comments' language (useCommentVersion over all its points), which
   * the emotion chart's tooltips share; its toggle shows here (issue 26).
   */
  words: CommentVersionChoice;
}) {
  const testId = test.id;
  const shown = neurofeedbackPoints(points, nowMs);
  const section = sections.find(
    (candidate) => candidate.timestamp_start <= nowMs && nowMs <= candidate.timestamp_end,
  );
  return (
    <Stack gap="sm" component="section" aria-label="Neurofeedback">
      {/* the page at the playhead under the title: beside the video the column is narrow */}
      <Stack gap={2}>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>Neurofeedback</Text>
          <Anchor component={Link} to={`/test/${testId}/suggestions`} size="sm">
            See all suggestions
          </Anchor>
        </Group>
        <CurrentSection testId={testId} section={section} />
      </Stack>
      <CommentVersionToggle choice={words} />
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          No neurofeedback available.
        </Text>
      ) : (
        // columns by the room it has, not the window's: beside the video on a wide screen it is one
        <SimpleGrid type="container" cols={EVIDENCE_CARD_COLUMNS}>
          {shown.map((point) => (
            <Card
              key={point.id}
              withBorder
              padding="sm"
              data-highlighted={point.id === highlightId || undefined}
              aria-current={point.id === highlightId ? 'true' : undefined}
              style={{
                borderLeft: `4px solid ${EMOTION_COLORS[point.emotion]}`,
                ...(point.id === highlightId
                  ? {
                      boxShadow: '0 0 0 2px var(--mantine-color-blue-6)',
                      background: 'var(--mantine-color-blue-0)',
                    }
                  : {}),
              }}
            >
              <UnstyledButton
                onClick={() =>
                  onOpen
                    ? onOpen(point)
                    : window.open(recordingUrl(testId, participantId, point, startMs), '_blank', 'noopener')
                }
              >
                <Text size="sm" fw={600} tt="capitalize">
                  {point.emotion} · {formatMinutesSeconds(point.timestamp_top - startMs)}
                </Text>
                <Text size="sm" c={point.comment ? undefined : 'dimmed'}>
                  {words.show(pointWords(point)) || 'No comment yet'}
                </Text>
                {/* the name says what the button does and keeps the words shown (label in name) */}
                <VisuallyHidden>: open this point in the recording</VisuallyHidden>
              </UnstyledButton>
              <Group gap={4} mt={6}>
                {point.tags.map((tag) => (
                  <Badge
                    key={tag.id}
                    component={Link}
                    to={`/test/${testId}/tags?tag=${tag.id}`}
                    variant="light"
                    style={{ cursor: 'pointer' }}
                  >
                    {tag.name}
                  </Badge>
                ))}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
