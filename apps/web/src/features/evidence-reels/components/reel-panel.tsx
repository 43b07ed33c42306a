import type { Insight, Reel, ReelCaptionLanguage, ReelClipRecord, TestDetail } from '@limbus/contract';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { isApiError } from '../../../api';
import { ErrorAlert, formatDateTime, PageLoader, SegmentedChoice } from '../../../ui';
import { counted } from '../../insights';
import { useReel, useReelActions } from '../api';
import { leftOutWords, reelStateLabel } from '../reel-words';
import { type ClipError, DroppedClips, type ReelClip, ReelClips } from './reel-clips';
import { ReelRender } from './reel-render';

type ReelPanelProps = {
  test: Pick<TestDetail, 'id' | 'participants' | 'translation_language'>;
  insight: Insight;
};

/** The research area's evidence reel of one insight: make it, edit its clips, render and publish it. */
export function ReelPanel({ test, insight }: ReelPanelProps) {
  const reel = useReel(test.id, insight.id);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`reel-title-${insight.id}`}>
      <Stack gap="sm">
        <Title order={3} fz="md" id={`reel-title-${insight.id}`}>
          Evidence reel
        </Title>
        {reel.isLoading ? <PageLoader label="Loading the evidence reel" /> : null}
        {reel.isError ? (
          <ErrorAlert error={reel.error} title="The evidence reel could not be loaded" />
        ) : null}
        {reel.data === null ? <NoReel testId={test.id} insight={insight} /> : null}
        {reel.data ? <ReelEditor test={test} insight={insight} reel={reel.data} /> : null}
      </Stack>
    </Card>
  );
}

function NoReel({ testId, insight }: { testId: number; insight: Insight }) {
  const { make } = useReelActions(testId, insight.id);
  const points = insight.significant_points.length;
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">
        No reel yet. A reel shows a clip of each of this insight's {counted(points, 'significant point')}, 3 s
        before its peak to 4 s after, from the participants who consented to showing their screen recording;
        it then says how many participants it leaves out.
      </Text>
      {make.error ? <ErrorAlert error={make.error} title="The reel could not be made" /> : null}
      <Button
        leftSection={<IconMovie size={16} aria-hidden />}
        onClick={() => make.mutate()}
        loading={make.isPending}
        disabled={points === 0}
      >
        Make the evidence reel
      </Button>
    </Stack>
  );
}

/** The server names a clip's place (`clips.2`); a field without one is about the clip just edited. */
function clipErrorOf(error: unknown, editedIndex: number | null): ClipError | null {
  if (!isApiError(error) || error.status !== 400) return null;
  for (const [field, message] of Object.entries(error.fieldErrors())) {
    const place = /^clips\.(\d+)$/.exec(field);
    if (place) return { index: Number(place[1]), message };
  }
  return editedIndex === null ? null : { index: editedIndex, message: error.message };
}

function ReelEditor({ test, insight, reel }: { test: ReelPanelProps['test']; insight: Insight; reel: Reel }) {
  const actions = useReelActions(test.id, insight.id);
  const [editedIndex, setEditedIndex] = useState<number | null>(null);
  const [dropped, setDropped] = useState<ReelClip[]>([]);
  const context = {
    points: new Map(insight.significant_points.map((point) => [point.id, point])),
    startOf: new Map(test.participants.map((participant) => [participant.id, participant.started_at])),
  };
  const send = (clips: ReelClipRecord[], index: number | null, onDone?: () => void) => {
    if (actions.update.isPending) return;
    setEditedIndex(index);
    actions.update.mutate({ clips }, { onSuccess: onDone });
  };
  const records = reel.clips.map(({ participant: _, ...clip }) => clip);
  const drop = (index: number) => {
    const clip = reel.clips[index];
    if (clip)
      send(
        records.filter((_, at) => at !== index),
        null,
        () => setDropped((list) => [...list, clip]),
      );
  };
  const restore = (clip: ReelClip) => {
    const { participant: _, ...back } = clip;
    send([...records, back], null, () => setDropped((list) => list.filter((item) => item !== clip)));
  };
  const clipError = clipErrorOf(actions.update.error, editedIndex);
  return (
    <Stack gap="sm">
      <ReelStatus reel={reel} />
      <Text size="sm">
        {counted(reel.clips.length, 'clip')}. {leftOutWords(reel.left_out)}
      </Text>
      {actions.update.error && !clipError ? (
        <ErrorAlert error={actions.update.error} title="The reel could not be changed" />
      ) : null}
      <ReelClips
        clips={reel.clips}
        context={context}
        error={clipError}
        onChange={(clips, index) => send(clips, index)}
        onDrop={drop}
      />
      <DroppedClips dropped={dropped} onRestore={restore} />
      <CaptionLanguage
        translationLanguage={test.translation_language || 'English'}
        value={reel.caption_language}
        onChange={(caption_language) => {
          setEditedIndex(null);
          actions.update.mutate({ caption_language });
        }}
      />
      <ReelRender reel={reel} actions={actions} />
      <StartAgain reel={reel} make={actions.make} onMade={() => setDropped([])} />
    </Stack>
  );
}

function ReelStatus({ reel }: { reel: Reel }) {
  const color = { draft: 'gray', rendering: 'blue', ready: 'green', failed: 'red' }[reel.state];
  return (
    <Group gap="xs">
      <Badge color={color} variant="light">
        {reelStateLabel(reel)}
      </Badge>
      <Badge color={reel.published ? 'teal.9' : 'gray'} variant={reel.published ? 'filled' : 'outline'}>
        {reel.published ? 'Published to client' : 'Not published'}
      </Badge>
      <Text size="xs" c="dimmed">
        Changed {formatDateTime(reel.updated_at)}
      </Text>
    </Group>
  );
}

function CaptionLanguage({
  translationLanguage,
  value,
  onChange,
}: {
  translationLanguage: string;
  value: ReelCaptionLanguage;
  onChange: (value: ReelCaptionLanguage) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        Caption language
      </Text>
      <SegmentedChoice
        aria-labelledby={labelId}
        value={value}
        onChange={onChange}
        data={[
          { value: 'original', label: 'Original' },
          { value: 'translation', label: `${translationLanguage} translation` },
        ]}
      />
    </Stack>
  );
}

function StartAgain({
  reel,
  make,
  onMade,
}: {
  reel: Reel;
  make: ReturnType<typeof useReelActions>['make'];
  onMade: () => void;
}) {
  return (
    <Stack gap={4} align="flex-start">
      {make.error ? <ErrorAlert error={make.error} title="The reel could not be made again" /> : null}
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => make.mutate(undefined, { onSuccess: onMade })}
        loading={make.isPending}
        disabled={reel.state === 'rendering'}
      >
        Start again from the insight's points
      </Button>
      <Text size="xs" c="dimmed">
        Brings back every clip with its default trim, as an unpublished draft.
      </Text>
    </Stack>
  );
}
