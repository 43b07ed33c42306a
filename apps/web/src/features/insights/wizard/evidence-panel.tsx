import { EMOTION_NAMES, type InsightProposal } from '@limbus/contract';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { InsightClip } from '../components/insight-clip';
import { participantsOf } from './proposal-to-insight';

export type Claim = { label: string; pointIds: number[] };

/** 'n of N participants': how many of the test's participants the cited points come from. */
export function ParticipantShare({ context, pointIds }: { context: InsightProposal; pointIds: number[] }) {
  const n = participantsOf(context, pointIds);
  return (
    <Badge variant="light" color={n > 1 ? 'teal' : 'gray'} size="sm" style={{ textTransform: 'none' }}>
      {n} of {context.participants_total} participants
    </Badge>
  );
}

type EvidenceProps = { testId: number; context: InsightProposal; claim: Claim };

/** The significant points a claim rests on, each with its comment and its clip on request. */
export function EvidencePanel({ testId, context, claim }: EvidenceProps) {
  const [playing, setPlaying] = useState<number | null>(null);
  const cited = new Set(claim.pointIds);
  const points = context.points.filter((point) => cited.has(point.id));
  return (
    <Card withBorder radius="md" padding="md" aria-label={`Evidence for ${claim.label}`} component="section">
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Evidence
          </Text>
          <Title order={4} size="h5">
            {claim.label}
          </Title>
        </div>
        <Group gap="xs">
          <ParticipantShare context={context} pointIds={claim.pointIds} />
          <Text size="sm" c="dimmed">
            {points.length} {points.length === 1 ? 'moment' : 'moments'}
          </Text>
        </Group>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {points.map((point) => (
            <li key={point.id}>
              <Text size="sm">
                <Text span fw={600}>
                  Participant {point.participant_label}
                </Text>{' '}
                · {EMOTION_NAMES[point.emotion]}
              </Text>
              <Text size="sm" c={point.comment ? undefined : 'dimmed'}>
                {point.comment ? `“${point.comment}”` : 'No comment'}
              </Text>
              {point.translation ? (
                <Text size="xs" c="dimmed">
                  {point.translation}
                </Text>
              ) : null}
              {playing === point.id ? (
                <InsightClip
                  testId={testId}
                  participantId={point.participant_id}
                  pointAtMs={point.timestamp_top}
                />
              ) : (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPlayerPlay size={14} aria-hidden />}
                  onClick={() => setPlaying(point.id)}
                  aria-label={`Play clip of participant ${point.participant_label}`}
                >
                  Play clip
                </Button>
              )}
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
