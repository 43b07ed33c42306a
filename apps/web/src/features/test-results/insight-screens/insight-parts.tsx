import { EMOTION_NAMES, type SignificantPoint } from '@limbus/contract';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { isApiError } from '../../../api';
import { ErrorAlert, SegmentedChoice, type SegmentedOption } from '../../../ui';
import { CommentVersionToggle, pointWords, useCommentVersion } from '../../account';
import { EmotionDot, withComments } from '../../page-ranking';
import { pointRecordingHref } from '../../recording';
import { useLoadedTest } from '../test-layout';

export type InfoTab = 'ranking' | 'compare' | 'feedback';

const INFO_TABS = [
  { value: 'ranking', label: 'Ranking' },
  { value: 'compare', label: 'Compare' },
  { value: 'feedback', label: 'Feedback' },
] as const satisfies readonly SegmentedOption<InfoTab>[];

/** The Info selector of Pages and Tags: Ranking, Compare, Feedback. */
export function InfoSelector({ value, onChange }: { value: InfoTab; onChange: (tab: InfoTab) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="info-selector">
        Info
      </Text>
      <SegmentedChoice aria-labelledby="info-selector" data={INFO_TABS} value={value} onChange={onChange} />
    </Stack>
  );
}

/** Participants' comments on points, as cards, their tags linking to the tag; `empty` when none has a comment. */
export function FeedbackList({
  points,
  empty,
  label,
}: {
  points: readonly SignificantPoint[];
  empty: string;
  label: string;
}) {
  const test = useLoadedTest();
  const startOf = new Map(test.participants.map((participant) => [participant.id, participant.started_at]));
  const commented = withComments(points);
  // The comments in one language: the reader's, where a translation exists (issue 26).
  const words = useCommentVersion(test, commented.map(pointWords));
  if (commented.length === 0)
    return (
      <Text c="dimmed" py="md">
        {empty}
      </Text>
    );
  return (
    <Stack gap="sm">
      <CommentVersionToggle choice={words} />
      <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {commented.map((point) => (
          <Card key={point.id} component="li" p="md">
            <Group gap="xs" mb={6}>
              <EmotionDot emotion={point.emotion} />
              <Text size="sm" fw={600}>
                {EMOTION_NAMES[point.emotion]}
              </Text>
              <Anchor
                component={Link}
                to={pointRecordingHref(test.id, point, startOf.get(point.participant_id))}
                size="sm"
                // the name holds the visible text, for speech input (WCAG 2.5.3)
                aria-label={`Participant ${point.participant_label} · watch the recording at this point`}
              >
                Participant {point.participant_label} · watch
              </Anchor>
              {point.tags.map((tag) => (
                <Badge
                  key={tag.id}
                  variant="light"
                  size="sm"
                  component={Link}
                  to={`/test/${test.id}/tags?tag=${tag.id}`}
                  style={{ cursor: 'pointer' }}
                >
                  {tag.name}
                </Badge>
              ))}
            </Group>
            <Text>{words.show(pointWords(point))}</Text>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/** A Professional data call's failure: Essential tests go to the locked screen, others see the error. */
export function ResultsDataError({ error, testId }: { error: unknown; testId: number }) {
  if (isApiError(error) && error.status === 403) return <Navigate to={`/test/${testId}/locked`} replace />;
  return <ErrorAlert error={error} title="The results could not be loaded" />;
}
