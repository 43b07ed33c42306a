import { getsProfessionalData, readerOfUser, type TestDetail, writtenInsightText } from '@limbus/contract';
import { Anchor, Button, Card, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconClock, IconLock, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { BlockSkeleton, EChart, ErrorAlert, formatClock, PageTitle, TableSkeleton } from '../../../ui';
import { formatIndexAgainstMean } from '../../../ui/format';
import { useCurrentUser } from '../../account';
import { useLabels } from '../../annotations';
import { participantsOfCohort, useCohort } from '../../cohorts';
import { counted, insightColor, insightFacts, richTextToPlain, useInsights } from '../../insights';
import { IndexRangeBar, indexCertainty, indexScale } from '../../page-ranking';
import { readsDataQuality, TestQualityPanel } from '../../quality';
import { useLoadedTest } from '../test-layout';
import { EmotionMeansTable } from './emotion-means-table';
import { useTestTags } from './overview-api';
import {
  averageSeconds,
  emotionsChartOption,
  topFrustrationPages,
  topPagesAlike,
  topTags,
} from './overview-data';

/** How many insights the overview shows: the most important ones come first in their numbering. */
const OVERVIEW_INSIGHTS = 3;

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `overview-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card withBorder padding="lg" h="100%" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function UpgradeHint({ testId, what }: { testId: number; what: string }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon variant="light" color="gray" radius="xl">
          <IconLock size={16} aria-hidden />
        </ThemeIcon>
        <Text size="sm">{what} come with Professional tests.</Text>
      </Group>
      <Button component={Link} to={`/test/${testId}/locked`} variant="light" size="xs">
        Upgrade to Professional
      </Button>
    </Stack>
  );
}

/** /test/{id}/overview: the dashboard of a test's results (spec 3 §2 'Test overview'). */
export function OverviewPage() {
  const test = useLoadedTest();
  const { user } = useCurrentUser();
  const isProfessional = user ? getsProfessionalData(readerOfUser(user), test) : false;
  return (
    <Stack gap="lg">
      <PageTitle>Overview</PageTitle>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg" h="100%">
            <ParticipantsFigure test={test} />
            <AverageTimeFigure test={test} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <InsightsPanel test={test} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <EmotionsPanel test={test} isProfessional={isProfessional} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TopPagesPanel test={test} isProfessional={isProfessional} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TopTagsPanel test={test} isProfessional={isProfessional} />
        </Grid.Col>
        {readsDataQuality(user) ? (
          <Grid.Col span={12}>
            <TestQualityPanel testId={test.id} />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Card withBorder padding="lg" style={{ flex: 1 }} role="group" aria-label={`${label}: ${value}`}>
      <Group gap="md" wrap="nowrap" h="100%">
        <ThemeIcon size={44} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {value}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

function ParticipantsFigure({ test }: { test: TestDetail }) {
  const count = test.participants.length;
  return (
    <Figure
      icon={<IconUsers size={22} aria-hidden />}
      label="Participants"
      value={count === 0 ? 'No participants' : String(count)}
    />
  );
}

function AverageTimeFigure({ test }: { test: TestDetail }) {
  const seconds = averageSeconds(test.participants);
  return (
    <Figure
      icon={<IconClock size={22} aria-hidden />}
      label="Average time to complete (mm:ss)"
      value={seconds === null ? 'No participants' : formatClock(seconds, { padMinutes: true })}
    />
  );
}

function InsightsPanel({ test }: { test: TestDetail }) {
  const insights = useInsights(test.id);
  const first = [...(insights.data ?? [])]
    .sort((a, b) => a.assigned_id - b.assigned_id)
    .slice(0, OVERVIEW_INSIGHTS);
  return (
    <Panel
      title="Most important insights"
      action={
        <Anchor component={Link} to={`/test/${test.id}/insights`} size="sm">
          All insights
        </Anchor>
      }
    >
      {insights.isLoading ? <TableSkeleton rows={3} /> : null}
      {insights.isError ? (
        <ErrorAlert error={insights.error} title="The insights could not be loaded" />
      ) : null}
      {insights.data && first.length === 0 ? (
        <Text size="sm" c="dimmed">
          No insights yet: the researchers are still writing them up.
        </Text>
      ) : null}
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {first.map((insight) => {
          const facts = insightFacts(insight);
          const summary = richTextToPlain(writtenInsightText(insight.summary));
          return (
            <li key={insight.id}>
              <Anchor
                component={Link}
                to={`/test/${test.id}/insights/${insight.id}`}
                fw={700}
                style={{ color: insightColor(insight) }}
              >
                {insight.assigned_id}. {insight.title}
              </Anchor>
              {summary ? (
                <Text size="sm" lineClamp={1}>
                  {summary}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {counted(facts.dataPoints, 'data point')} · {counted(facts.participants, 'participant')}
              </Text>
            </li>
          );
        })}
      </Stack>
    </Panel>
  );
}

function EmotionsPanel({ test, isProfessional }: { test: TestDetail; isProfessional: boolean }) {
  const labels = useLabels(test.id, { enabled: isProfessional });
  const { ref, width } = useElementSize();
  const option = useMemo(() => emotionsChartOption(labels.data ?? [], width), [labels.data, width]);
  const hasPages = (labels.data ?? []).some((label) => label.total_participants > 0);
  return (
    <Panel title="Emotions through the test">
      {!isProfessional ? <UpgradeHint testId={test.id} what="Emotions per page" /> : null}
      {labels.isLoading ? <BlockSkeleton height={280} /> : null}
      {labels.isError ? <ErrorAlert error={labels.error} title="The emotions could not be loaded" /> : null}
      {labels.data && !hasPages ? (
        <Text size="sm" c="dimmed">
          No page has been visited yet, so there are no emotions to show.
        </Text>
      ) : null}
      {hasPages ? (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            The participants’ mean joy, attention and frustration on each page, in the order of the test.
          </Text>
          <div ref={ref}>
            <EChart
              option={option}
              height={280}
              label="Mean joy, attention and frustration on each page of the test"
            />
          </div>
          <EmotionMeansTable labels={labels.data ?? []} />
        </>
      ) : null}
    </Panel>
  );
}

function TopPagesPanel({ test, isProfessional }: { test: TestDetail; isProfessional: boolean }) {
  const labels = useLabels(test.id, { enabled: isProfessional });
  const cohort = useCohort();
  const ranked = topFrustrationPages(labels.data ?? [], test.participants.length);
  const alike = topPagesAlike(ranked);
  const scale = indexScale(
    ranked.map(({ frustrationIndex, frustrationInterval }) => ({
      index: frustrationIndex + 100,
      interval: frustrationInterval,
    })),
  );
  return (
    <Panel
      title="Pages by frustration"
      action={
        isProfessional ? (
          <Anchor component={Link} to={`/test/${test.id}/page-insights`} size="sm">
            All pages
          </Anchor>
        ) : undefined
      }
    >
      {!isProfessional ? <UpgradeHint testId={test.id} what="Page rankings" /> : null}
      {labels.isLoading ? <TableSkeleton rows={3} /> : null}
      {labels.isError ? <ErrorAlert error={labels.error} title="The pages could not be loaded" /> : null}
      {labels.data && ranked.length === 0 ? (
        <Text size="sm" c="dimmed">
          Page rankings show once more than 5 participants have spent time on the pages.
        </Text>
      ) : null}
      {alike.map((sentence) => (
        <Text key={sentence} size="sm" fw={500} mb="xs">
          {sentence}: their differences could be chance.
        </Text>
      ))}
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {ranked.map(({ label, frustrationIndex, frustrationInterval, isSeparated }, position) => {
          const certainty = indexCertainty(label.emotion_participants, frustrationInterval);
          const against = `${formatIndexAgainstMean(frustrationIndex + 100)} of this test’s pages`;
          return (
            <li key={label.id}>
              <Anchor component={Link} to={`/test/${test.id}/page-insights?page=${label.id}`} fw={600}>
                {isSeparated ? `${position + 1}. ` : ''}
                {label.name}
              </Anchor>
              <Text size="sm">
                {Number.isFinite(frustrationIndex)
                  ? `Frustration ${against} ${certainty}`
                  : 'No emotion data'}
              </Text>
              {Number.isFinite(frustrationIndex) ? (
                <IndexRangeBar
                  index={frustrationIndex + 100}
                  interval={frustrationInterval}
                  scale={scale}
                  emotion="frustration"
                  label={`Frustration of ${label.name}: ${against} ${certainty}`}
                />
              ) : null}
              <Text size="xs" c="dimmed">
                {participantsOfCohort(label.total_participants, cohort)} ·{' '}
                {formatClock(Math.round(label.average_time / 1000), { padMinutes: true })} on average
              </Text>
            </li>
          );
        })}
      </Stack>
      {ranked.length > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          In the order of the mean frustration; numbered only where a page differs from the next by more than
          chance (Welch’s t-test, 5 %). The dark range is the 95 % interval.
        </Text>
      ) : null}
    </Panel>
  );
}

function TopTagsPanel({ test, isProfessional }: { test: TestDetail; isProfessional: boolean }) {
  const tags = useTestTags(test.id, { enabled: isProfessional });
  const cohort = useCohort();
  const top = topTags(tags.data ?? []);
  return (
    <Panel
      title="Top tags"
      action={
        isProfessional ? (
          <Anchor component={Link} to={`/test/${test.id}/tags`} size="sm">
            All tags
          </Anchor>
        ) : undefined
      }
    >
      {!isProfessional ? <UpgradeHint testId={test.id} what="Tags" /> : null}
      {tags.isLoading ? <TableSkeleton rows={2} /> : null}
      {tags.isError ? <ErrorAlert error={tags.error} title="The tags could not be loaded" /> : null}
      {tags.data && top.length === 0 ? (
        <Text size="sm" c="dimmed">
          No feedback has been tagged yet.
        </Text>
      ) : null}
      <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {top.map((tag) => (
          <li key={tag.id}>
            <Card withBorder padding="sm" component={Link} to={`/test/${test.id}/tags?tag=${tag.id}`}>
              <Text fw={600} size="sm">
                {tag.name}
              </Text>
              <Text size="xs" c="dimmed">
                {tag.count} feedback points · {participantsOfCohort(tag.participants, cohort)}
              </Text>
            </Card>
          </li>
        ))}
      </Group>
    </Panel>
  );
}
