import { EMOTION_NAMES, type Emotion, type Journey } from '@limbus/contract';
import { Anchor, Box, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  BlockSkeleton,
  EMOTION_TEXT_COLORS,
  Empty,
  ErrorAlert,
  formatCount,
  formatPercent,
  PageTitle,
  SegmentedChoice,
} from '../../../ui';
import { participantsOfCohort, useCohort } from '../../cohorts';
import { useJourney } from '../api';
import { emotionRange, emotionShade } from '../journey-chart';
import { JourneySankey } from './journey-sankey';

const insightsOf = (testId: number, pageId: number) => `/test/${testId}/page-insights?page=${pageId}`;

/** /test/{id}/journey: how participants moved from page to page, coloured by how they felt there. */
export function JourneyScreen({ testId }: { testId: number }) {
  const journey = useJourney(testId);
  const cohort = useCohort();
  const [emotion, setEmotion] = useState<Emotion>('frustration');
  const navigate = useNavigate();

  return (
    <Stack gap="md" px="md" pb="xl">
      <PageTitle>Journey</PageTitle>
      <Text c="dimmed" maw={760}>
        How the participants moved from page to page, in the order they visited them. Each column is a step;
        the width of a band is the number of participants. Pages are coloured by the mean emotion while
        participants were on them.
      </Text>
      {journey.isLoading ? <BlockSkeleton height={420} /> : null}
      {journey.isError ? <ErrorAlert error={journey.error} title="The journey could not be loaded" /> : null}
      {journey.data && journey.data.participants === 0 ? (
        <Empty
          title="No journeys yet"
          description="None of the participants visited a page of this test. Pages are named by the researchers under Pages."
        />
      ) : null}
      {journey.data && journey.data.participants > 0 ? (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Text fw={600}>
              {formatCount(journey.data.participants)} participants,{' '}
              {journey.data.pages.filter((p) => p.visitors > 0).length} pages visited
            </Text>
            <SegmentedChoice
              aria-label="Colour the pages by"
              value={emotion}
              onChange={setEmotion}
              data={(['frustration', 'joy', 'attention'] as const).map((value) => ({
                value,
                label: EMOTION_NAMES[value],
              }))}
            />
          </Group>
          <Card withBorder radius="md" padding="sm">
            <ScrollArea type="auto" offsetScrollbars>
              {/* A narrow screen scrolls the diagram sideways rather than squeezing its columns together. */}
              <JourneySankey
                journey={journey.data}
                emotion={emotion}
                minWidth={Math.max(720, 100 * (journey.data.max_steps + 1))}
                height={Math.max(360, 44 * journey.data.pages.length)}
                label={`Journey of ${participantsOfCohort(journey.data.participants, cohort)} through the test's pages, coloured by ${emotion}`}
                onOpenPage={(pageId) => navigate(insightsOf(testId, pageId))}
              />
            </ScrollArea>
            <JourneyLegend journey={journey.data} emotion={emotion} />
          </Card>
          <JourneyPages journey={journey.data} emotion={emotion} testId={testId} />
        </>
      ) : null}
    </Stack>
  );
}

function JourneyLegend({ journey, emotion }: { journey: Journey; emotion: Emotion }) {
  const range = emotionRange(journey, emotion);
  const name = EMOTION_NAMES[emotion].toLowerCase();
  return (
    <Group gap="xs" mt="xs" wrap="wrap" aria-label="Legend">
      <Text size="xs" c="dimmed">
        Lowest {name} ({formatPercent(range.min)})
      </Text>
      <Box
        w={140}
        h={10}
        style={{
          borderRadius: 4,
          background: `linear-gradient(to right, ${emotionShade(emotion, range.min, range)}, ${emotionShade(emotion, range.max, range)})`,
        }}
      />
      <Text size="xs" c="dimmed">
        Highest {name} ({formatPercent(range.max)}) · grey: left the site
        {journey.continued > 0 ? ` · ${journey.continued} went on past step ${journey.max_steps}` : ''}
      </Text>
    </Group>
  );
}

/** The same pages as a table: the chart's content for keyboards and screen readers, with links. */
function JourneyPages({ journey, emotion, testId }: { journey: Journey; emotion: Emotion; testId: number }) {
  const firstPages = new Map(
    journey.nodes.filter((n) => n.step === 0).map((n) => [n.page_id, n.participants]),
  );
  const leftFrom = new Map<number, number>();
  for (const link of journey.links)
    if (link.target === null) leftFrom.set(link.source, (leftFrom.get(link.source) ?? 0) + link.participants);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Pages
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Page</Table.Th>
              <Table.Th ta="right">Visited by</Table.Th>
              <Table.Th ta="right">Started here</Table.Th>
              <Table.Th ta="right">Left from here</Table.Th>
              <Table.Th ta="right">Mean {EMOTION_NAMES[emotion].toLowerCase()}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {journey.pages
              .filter((page) => page.visitors > 0)
              .map((page) => (
                <Table.Tr key={page.id}>
                  <Table.Td>
                    <Anchor component={Link} to={insightsOf(testId, page.id)}>
                      {page.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatPercent(page.visitors / journey.participants)} ({page.visitors})
                  </Table.Td>
                  <Table.Td ta="right">{firstPages.get(page.id) ?? 0}</Table.Td>
                  <Table.Td ta="right">{leftFrom.get(page.id) ?? 0}</Table.Td>
                  <Table.Td ta="right" c={EMOTION_TEXT_COLORS[emotion]} fw={600}>
                    {page[emotion] === null ? '—' : formatPercent(page[emotion] ?? 0)}
                  </Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Click a page in the chart or its name here to see its insights.
      </Text>
    </Stack>
  );
}
