import type {
  AgreementReadingName,
  CohortAgreement,
  CohortPageAgreement,
  CohortSceneAgreement,
} from '@limbus/contract';
import { Card, List, Stack, Table, Text, Title } from '@mantine/core';
import {
  BlockSkeleton,
  ErrorAlert,
  formatClock,
  formatCount,
  formatNumber,
  formatPercent,
} from '../../../ui';
import { useCohortAgreement } from '../api';
import { decimals, estimateFigures, estimateSentence } from './estimate-sentence';
import { ExpressionCurves } from './expression-curves';

const MAP_READINGS: Record<AgreementReadingName, string> = {
  close: 'Where remote participants looked matches the lab closely',
  moderate_to_close: 'Where remote participants looked matches the lab moderately to closely',
  moderate: 'Where remote participants looked matches the lab moderately',
  weak_to_moderate: 'Where remote participants looked matches the lab weakly to moderately',
  weak: 'Where remote participants looked agrees only weakly with the lab',
  unclear: 'How closely remote gaze matches the lab cannot be told from these participants',
};

const RANK_READINGS: Record<AgreementReadingName, string> = {
  close: 'Both cohorts rank the areas of interest alike',
  moderate_to_close: 'The cohorts rank the areas of interest in a similar order',
  moderate: 'The cohorts rank the areas of interest in a partly similar order',
  weak_to_moderate: 'The cohorts rank the areas of interest in an order only partly alike',
  weak: 'The cohorts rank the areas of interest differently',
  unclear: 'Whether the cohorts rank the areas of interest alike cannot be told from these participants',
};

const cohortsSentence = (page: CohortPageAgreement) =>
  `${formatCount(page.lab_participants)} lab, ${formatCount(page.remote_participants)} remote`;

/** The page's map agreement in one sentence a client reads, figures in brackets. */
export function mapSentence(page: CohortPageAgreement): string {
  return `${MAP_READINGS[page.reading]} (${estimateSentence('CC', page.cc)}; ${cohortsSentence(page)}).`;
}

function nssSentence(page: CohortPageAgreement): string {
  if (page.nss.value === null) return 'NSS: not measurable on this page.';
  return `Remote fixations land ${decimals(page.nss.value)} standard deviations above the average of the lab’s heatmap (${estimateSentence('NSS', page.nss)}).`;
}

const rankText = (rank: number, interval: [number, number] | null) =>
  interval
    ? `${formatNumber(rank, 1)} (${formatNumber(interval[0], 1)}–${formatNumber(interval[1], 1)})`
    : formatNumber(rank, 1);

function AreaRanking({ page }: { page: CohortPageAgreement }) {
  const { areas } = page;
  if (!areas.available)
    return (
      <Text size="sm" c="dimmed">
        {areas.reason}
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text size="sm">
        {RANK_READINGS[areas.reading]} ({estimateSentence('Spearman’s rho', areas.rho)}).
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table fz="sm" withTableBorder>
          <Table.Caption>
            Areas of interest ranked by share of dwell time, 1 = most; ranks with 95 % intervals
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Area</Table.Th>
              <Table.Th scope="col">Lab: share, rank</Table.Th>
              <Table.Th scope="col">Remote: share, rank</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {areas.areas.map((area) => (
              <Table.Tr key={area.name}>
                <Table.Th scope="row">{area.name}</Table.Th>
                <Table.Td>
                  {formatPercent(area.lab_share)}, {rankText(area.lab_rank, area.lab_rank_interval)}
                </Table.Td>
                <Table.Td>
                  {formatPercent(area.remote_share)}, {rankText(area.remote_rank, area.remote_rank_interval)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function PageAgreement({ page }: { page: CohortPageAgreement }) {
  return (
    <Stack gap={6} component="section" aria-label={page.name}>
      <Title order={4}>{page.name}</Title>
      <Text size="sm">{mapSentence(page)}</Text>
      <Text size="sm">{nssSentence(page)}</Text>
      <AreaRanking page={page} />
    </Stack>
  );
}

/** How closely a scene's maps agree, in a table cell. */
const SCENE_READINGS: Record<AgreementReadingName, string> = {
  close: 'Close',
  moderate_to_close: 'Moderate to close',
  moderate: 'Moderate',
  weak_to_moderate: 'Weak to moderate',
  weak: 'Weak',
  unclear: 'Cannot be told',
};

const clock = (ms: number) => formatClock(ms / 1000, { padMinutes: true });

/** A video's scenes: the frame's agreement over each scene's time, one row each. */
function SceneAgreements({ scenes }: { scenes: readonly CohortSceneAgreement[] }) {
  return (
    <Stack gap={6} component="section" aria-labelledby="scene-agreement-title">
      <Title order={4} id="scene-agreement-title">
        Scene by scene
      </Title>
      <Table fz="sm" withTableBorder>
        <Table.Caption>
          Where remote participants looked against the lab within each scene: CC with its 95 % interval
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Scene</Table.Th>
            <Table.Th scope="col">Agreement</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scenes.map((scene) => (
            <Table.Tr key={scene.section_id}>
              <Table.Th scope="row">
                {scene.name}
                <Text size="xs" c="dimmed" fw={400}>
                  {clock(scene.start_ms)}–{clock(scene.end_ms)} · {formatCount(scene.lab_participants)} lab,{' '}
                  {formatCount(scene.remote_participants)} remote
                </Text>
              </Table.Th>
              <Table.Td>
                {SCENE_READINGS[scene.reading]}
                <Text size="xs" c="dimmed">
                  CC {estimateFigures(scene.cc)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function AgreementBody({ agreement }: { agreement: Extract<CohortAgreement, { available: true }> }) {
  return (
    <Stack gap="lg">
      {agreement.pages.map((page) => (
        <PageAgreement key={page.heatmap_id ?? page.name} page={page} />
      ))}
      {agreement.scenes.length > 0 ? <SceneAgreements scenes={agreement.scenes} /> : null}
      <Stack gap={4} component="section" aria-label="Found in one cohort only">
        <Title order={4}>Found in one cohort only</Title>
        {agreement.findings.length === 0 ? (
          <Text size="sm">Nothing holds in one cohort only that the intervals can tell apart.</Text>
        ) : (
          <List size="sm" spacing={4}>
            {agreement.findings.map((finding) => (
              <List.Item key={finding.text}>{finding.text}</List.Item>
            ))}
          </List>
        )}
      </Stack>
      <ExpressionCurves expressions={agreement.expressions} />
      <Text size="xs" c="dimmed">
        Intervals: {agreement.method.interval}, {formatCount(agreement.method.resamples)} draws, the same
        every time. Heatmaps of fixations blurred at {agreement.method.sigma_px} px. With fewer than{' '}
        {agreement.method.min_participants} participants in a cohort there is no interval and no difference is
        claimed.
      </Text>
    </Stack>
  );
}

/** The panel once asked for: its loading state, its error, or the comparison (nothing without both cohorts). */
export function LoadedAgreementPanel({ testId }: { testId: number }) {
  const agreement = useCohortAgreement(testId);
  if (agreement.isLoading)
    return (
      <div role="status" aria-label="Comparing lab and remote">
        <BlockSkeleton height={160} />
      </div>
    );
  if (agreement.isError)
    return (
      <ErrorAlert error={agreement.error} title="The comparison of lab and remote could not be loaded" />
    );
  if (!agreement.data?.available) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="cohort-agreement-title">
      <Stack gap="md">
        <Title order={3} id="cohort-agreement-title">
          Lab and remote compared
        </Title>
        <Text size="sm" c="dimmed">
          How far the participants who took part remotely, with gaze measured by their webcam, looked where
          the lab’s participants looked, and on a video how their facial expressions follow the lab’s EEG
          emotions.
        </Text>
        <AgreementBody agreement={agreement.data} />
      </Stack>
    </Card>
  );
}
