import { SHARE_LINK_MESSAGES } from '@limbus/contract';
import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '../../../api';
import { PageLoader } from '../../../ui';
import { ReelDownload, ReelVideo } from '../../evidence-reels';
import { type SharedApi, useSharedReel } from '../api';
import { SharedError } from './shared-error';

const participants = (count: number) => (count === 1 ? '1 participant' : `${count} participants`);

/**
 * A reel link's screen: the insight's title, its published evidence reel (no autoplay), who is in
 * it and who is left out, and its MP4 to download; nothing else of the test.
 */
export function SharedReel({ api, token }: { api: SharedApi; token: string }) {
  const reel = useSharedReel(api, token);
  if (reel.isLoading) return <PageLoader label="Loading the evidence reel" />;
  if (reel.isError || !reel.data) {
    // the link is live but its reel is no longer shown (unpublished, or a participant withdrew)
    if (isApiError(reel.error) && reel.error.message === SHARE_LINK_MESSAGES.reelNotShown)
      return (
        <Alert color="gray" variant="light" title="Evidence reel not available">
          {SHARE_LINK_MESSAGES.reelNotShown}
        </Alert>
      );
    return <SharedError error={reel.error} />;
  }
  const shown = reel.data;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="shared-reel-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Evidence reel · insight {shown.insight_assigned_id}
            </Text>
            <Title order={2} fz="xl" id="shared-reel-title">
              {shown.insight_title}
            </Title>
          </Stack>
          <ReelDownload video={shown.video} title={shown.insight_title} number={shown.insight_assigned_id} />
        </Group>
        <ReelVideo video={shown.video} title={shown.insight_title} />
        <Group gap="sm">
          <Badge variant="light" color="gray">
            {shown.participants} of {participants(shown.total_participants)}
          </Badge>
          {shown.left_out > 0 && (
            <Text size="sm" c="dimmed">
              {participants(shown.left_out)} left out (no consent)
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
