import type { Insight } from '@limbus/contract';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../ui';
import { counted } from '../../insights';
import { useReel } from '../api';
import { leftOutWords } from '../reel-words';
import { ReelDownload, ReelVideo } from './reel-video';

/**
 * The client's player of an insight's published reel; nothing while there is none. `share` is the
 * page's 'Share reel' button (share links), shown beside the download for whom may share.
 */
export function PublishedReel({
  testId,
  insight,
  share,
}: {
  testId: number;
  insight: Pick<Insight, 'id' | 'title'>;
  share?: ReactNode;
}) {
  const reel = useReel(testId, insight.id);
  if (reel.isError) return <ErrorAlert error={reel.error} title="The evidence reel could not be loaded" />;
  // the research area reads its drafts too: the client's screen shows only what clients see
  const shown = reel.data?.published ? reel.data : null;
  if (!shown?.video) return null;
  const participants = new Set(shown.clips.map((clip) => clip.participant)).size;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="insight-reel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="insight-reel">
            Evidence reel
          </Title>
          <Group gap="md">
            <ReelDownload video={shown.video} title={insight.title} number={insight.id} />
            {share}
          </Group>
        </Group>
        <ReelVideo video={shown.video} title={insight.title} />
        <Text size="sm" c="dimmed">
          {counted(shown.clips.length, 'clip')} from {counted(participants, 'participant')}.{' '}
          {leftOutWords(shown.left_out)}
        </Text>
      </Stack>
    </Card>
  );
}
