import { EMOTION_NAMES, type SharedInsight, writtenInsightText } from '@limbus/contract';
import { Badge, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { EMOTION_TEXT_COLORS } from '../../../ui';
import { RichTextView } from '../../../ui/rich-text-view';

/** One insight as a link shows it: its texts, its highlighted moment (when allowed), its points by pseudonym. */
export function SharedInsightCard({ insight }: { insight: SharedInsight }) {
  const comments = [
    ['Behaviour', insight.behavior_comment],
    ['EEG', insight.eeg_comment],
    ['Eye tracking', insight.eye_tracking_comment],
    ['Touch and mouse', insight.touch_tracking_comment],
  ].filter(([, text]) => writtenInsightText(text ?? '').trim() !== '');
  return (
    <Card withBorder component="article" aria-label={`Insight ${insight.assigned_id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz={18}>
            Insight {insight.assigned_id}: {insight.title}
          </Title>
          <Badge variant="light" style={{ flex: 'none' }}>
            {insight.participants} {insight.participants === 1 ? 'participant' : 'participants'}
          </Badge>
        </Group>
        <RichTextView html={writtenInsightText(insight.summary)} empty="" />
        {insight.clip && (
          // the media fragment starts the clip 3 s before the moment and stops it 7 s later
          <video
            src={`${insight.clip.video}#t=${insight.clip.start},${insight.clip.end}`}
            controls
            muted
            preload="metadata"
            aria-label={`The highlighted moment of insight ${insight.assigned_id}`}
            style={{ width: '100%', maxWidth: 640, borderRadius: 8, background: '#000' }}
          />
        )}
        {writtenInsightText(insight.explanation) && (
          <RichTextView html={writtenInsightText(insight.explanation)} />
        )}
        {comments.map(([label, text]) => (
          <Text key={label} size="sm">
            <Text span fw={600}>
              {label}:{' '}
            </Text>
            {text}
          </Text>
        ))}
        {writtenInsightText(insight.suggestion) && (
          <Box>
            <Text fw={600} size="sm">
              Suggestion
            </Text>
            <RichTextView html={writtenInsightText(insight.suggestion)} />
          </Box>
        )}
        {insight.significant_points.length > 0 && (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {insight.significant_points.map((point) => (
              <Text
                component="li"
                key={`${point.participant}-${point.emotion}-${point.tags.join()}-${point.comment}`}
                size="sm"
              >
                <Text span fw={600}>
                  {point.participant}
                </Text>{' '}
                <Text span c={EMOTION_TEXT_COLORS[point.emotion]} fw={600}>
                  {EMOTION_NAMES[point.emotion]}
                </Text>
                {point.tags.length > 0 ? ` · ${point.tags.join(', ')}` : ''}
                {point.translation || point.comment ? ` · ${point.translation || point.comment}` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
