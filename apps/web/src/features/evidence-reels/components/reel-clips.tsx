import {
  EMOTION_NAMES,
  REEL_CLIP_LIMITS,
  type Reel,
  type ReelClipRecord,
  type SignificantPoint,
} from '@limbus/contract';
import { ActionIcon, Badge, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { EMOTION_COLORS } from '../../../ui';
import { offsetOf } from '../../insights';
import { clipSpanWords } from '../reel-words';

export type ReelClip = Reel['clips'][number];
/** A message the server gave about one clip, by its place in the list. */
export type ClipError = { index: number; message: string };

type ClipContext = {
  /** The insight's points by id: a clip's emotion and peak. */
  points: Map<number, SignificantPoint>;
  /** Each participant's start (unix seconds), for a peak's time in the recording. */
  startOf: Map<number, number | null>;
};

const record = ({ point_id, start_offset_ms, end_offset_ms }: ReelClip): ReelClipRecord => ({
  point_id,
  start_offset_ms,
  end_offset_ms,
});

/** The clips with one moved a place up (-1) or down (+1). */
export function moved(clips: ReelClip[], index: number, step: -1 | 1): ReelClipRecord[] {
  const order = clips.map(record);
  const [clip] = order.splice(index, 1);
  if (clip) order.splice(index + step, 0, clip);
  return order;
}

/** The reel's clips in order: move, drop and trim each; every change goes to the server at once. */
export function ReelClips({
  clips,
  context,
  error,
  onChange,
  onDrop,
}: {
  clips: ReelClip[];
  context: ClipContext;
  error: ClipError | null;
  onChange: (clips: ReelClipRecord[], editedIndex: number) => void;
  onDrop: (index: number) => void;
}) {
  // a row moved down is put back in the DOM, which takes the focus off its button: give it back
  const [moving, setMoving] = useState<Moving | null>(null);
  const trim = (index: number, startMs: number, endMs: number) =>
    onChange(
      clips.map((clip, at) =>
        at === index ? { ...record(clip), start_offset_ms: startMs, end_offset_ms: endMs } : record(clip),
      ),
      index,
    );
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Clips in order">
      {clips.map((clip, index) => (
        <ClipRow
          // a new trim from the server starts the row's inputs afresh; a move keeps focus on its button
          key={`${clip.point_id}:${clip.start_offset_ms}:${clip.end_offset_ms}`}
          clip={clip}
          index={index}
          count={clips.length}
          context={context}
          error={error?.index === index ? error.message : null}
          moving={moving?.pointId === clip.point_id ? moving : null}
          onMoved={() => setMoving(null)}
          onMove={(step) => {
            setMoving({ pointId: clip.point_id, step, fromIndex: index });
            onChange(moved(clips, index, step), index);
          }}
          onDrop={() => onDrop(index)}
          onTrim={(startMs, endMs) => trim(index, startMs, endMs)}
        />
      ))}
    </Stack>
  );
}

type Moving = { pointId: number; step: -1 | 1; fromIndex: number };

type ClipRowProps = {
  clip: ReelClip;
  /** This clip's move, until it has landed in its new place. */
  moving: Moving | null;
  onMoved: () => void;
  index: number;
  count: number;
  context: ClipContext;
  error: string | null;
  onMove: (step: -1 | 1) => void;
  onDrop: () => void;
  onTrim: (startMs: number, endMs: number) => void;
};

function ClipRow({
  clip,
  moving,
  onMoved,
  index,
  count,
  context,
  error,
  onMove,
  onDrop,
  onTrim,
}: ClipRowProps) {
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!moving || moving.fromIndex === index) return;
    const sameWay = moving.step === -1 ? index > 0 : index < count - 1;
    const useUp = moving.step === -1 ? sameWay : !sameWay;
    (useUp ? upRef : downRef).current?.focus();
    onMoved();
  }, [moving, index, count, onMoved]);
  const [start, setStart] = useState<number | string>(clip.start_offset_ms / 1000);
  const [end, setEnd] = useState<number | string>(clip.end_offset_ms / 1000);
  const name = `clip ${index + 1} (${clip.participant})`;
  const commit = () => {
    const startMs = Math.round(Number(start) * 1000);
    const endMs = Math.round(Number(end) * 1000);
    if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return;
    if (startMs !== clip.start_offset_ms || endMs !== clip.end_offset_ms) onTrim(startMs, endMs);
  };
  const seconds = {
    min: -REEL_CLIP_LIMITS.maxLeadMs / 1000,
    max: REEL_CLIP_LIMITS.maxMs / 1000,
    step: 0.5,
    decimalScale: 1,
    style: { flex: '1 1 150px' },
    error: error ? true : undefined,
    onBlur: commit,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter') commit();
    },
  };
  return (
    <Card component="li" withBorder padding="sm" aria-label={`Clip ${index + 1}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <ClipFacts clip={clip} index={index} context={context} />
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              ref={upRef}
              variant="default"
              aria-label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              ref={downRef}
              variant="default"
              aria-label={`Move ${name} down`}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="default" color="red" aria-label={`Drop ${name}`} onClick={onDrop}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NumberInput
            label="Start (s from peak)"
            aria-label={`Start (s from peak), ${name}`}
            value={start}
            onChange={setStart}
            {...seconds}
          />
          <NumberInput
            label="End (s from peak)"
            aria-label={`End (s from peak), ${name}`}
            value={end}
            onChange={setEnd}
            {...seconds}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {clipSpanWords(clip.start_offset_ms, clip.end_offset_ms)}
        </Text>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function ClipFacts({ clip, index, context }: { clip: ReelClip; index: number; context: ClipContext }) {
  const point = context.points.get(clip.point_id);
  const peak = point ? offsetOf(point, context.startOf.get(point.participant_id) ?? null) : null;
  // the reel names participants by pseudonym; the research area knows them by label
  const label = point?.participant_label;
  return (
    <Group gap="xs">
      <Text fw={600} size="sm">
        {index + 1}. {clip.participant}
        {label ? (
          <Text span c="dimmed" fw={400}>
            {' '}
            ({label})
          </Text>
        ) : null}
      </Text>
      {point ? (
        <Badge
          variant="light"
          color="gray"
          leftSection={<EmotionDot color={EMOTION_COLORS[point.emotion]} />}
        >
          {EMOTION_NAMES[point.emotion]}
        </Badge>
      ) : null}
      {peak ? (
        <Text size="sm" c="dimmed">
          peak at {peak} in the recording
        </Text>
      ) : null}
    </Group>
  );
}

const EmotionDot = ({ color }: { color: string }) => (
  <span
    aria-hidden
    style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: color }}
  />
);

/** Clips dropped in this visit, to put back at the end of the reel. */
export function DroppedClips({
  dropped,
  onRestore,
}: {
  dropped: ReelClip[];
  onRestore: (clip: ReelClip) => void;
}) {
  if (dropped.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Dropped clips">
      <Text size="sm" fw={600}>
        Dropped clips
      </Text>
      {dropped.map((clip) => (
        <Group key={clip.point_id} gap="xs">
          <Text size="sm">
            {clip.participant} · {clipSpanWords(clip.start_offset_ms, clip.end_offset_ms)}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Restore the clip of ${clip.participant}, ${clipSpanWords(clip.start_offset_ms, clip.end_offset_ms)}`}
            onClick={() => onRestore(clip)}
          >
            Restore
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
