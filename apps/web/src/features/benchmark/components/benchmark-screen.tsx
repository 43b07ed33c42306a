import { type BenchmarkGroup, EMOTION_NAMES, EMOTIONS, type EmotionBenchmark } from '@limbus/contract';
import { Alert, Card, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  BlockSkeleton,
  EMOTION_COLORS,
  EMOTION_TEXT_COLORS,
  ErrorAlert,
  formatPercent,
  PageTitle,
} from '../../../ui';
import { useBenchmark } from '../api';

/** '60th percentile' wording for a rank 0–100. */
export function ordinal(rank: number): string {
  const whole = Math.round(rank);
  const tens = whole % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][whole % 10] ?? 'th');
  return `${whole}${suffix}`;
}

/** One emotion against the group, in words: 'higher than in 60 % of the 7 tests'. */
export function rankSentence(benchmark: EmotionBenchmark, of: string): string {
  if (benchmark.value === null || benchmark.percentile === null) return 'Not measured in this test';
  return `Higher than in ${formatPercent(benchmark.percentile / 100)} of ${of}`;
}

/** How many more tests a hidden group needs, in words. */
export function missingSentence(group: BenchmarkGroup, where: string): string {
  const missing = group.needed - group.tests;
  return `${where} ${group.tests === 1 ? 'has 1 other done test' : `has ${group.tests} other done tests`}; a comparison is shown from ${group.needed} tests on, so ${missing} more ${missing === 1 ? 'is' : 'are'} needed.`;
}

function EmotionTile({
  emotion,
  benchmark,
  tests,
}: {
  emotion: (typeof EMOTIONS)[number];
  benchmark: EmotionBenchmark;
  tests: number;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" fw={600} c={EMOTION_TEXT_COLORS[emotion]}>
        {EMOTION_NAMES[emotion]}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {benchmark.percentile === null ? '—' : `${ordinal(benchmark.percentile)} percentile`}
      </Text>
      <Text size="sm">{rankSentence(benchmark, `the ${tests} tests`)}</Text>
      <Text size="xs" c="dimmed">
        This test {benchmark.value === null ? 'not measured' : formatPercent(benchmark.value)} · their median{' '}
        {benchmark.median === null ? '—' : formatPercent(benchmark.median)}
      </Text>
    </Card>
  );
}

function GroupSection({
  title,
  group,
  hiddenText,
}: {
  title: string;
  group: BenchmarkGroup;
  hiddenText: string;
}) {
  // held in a constant so that the emotions' callback sees it narrowed (null while hidden)
  const testEmotions = group.test;
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {!group.is_shown || !testEmotions ? (
        <Alert
          variant="light"
          color="gray"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title="Not enough tests yet"
        >
          {hiddenText}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {EMOTIONS.map((emotion) => (
              <EmotionTile
                key={emotion}
                emotion={emotion}
                benchmark={testEmotions[emotion]}
                tests={group.tests}
              />
            ))}
          </SimpleGrid>
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="xs" striped>
              <Table.Caption>
                Each page against the {group.reference_pages} measured pages of those {group.tests} tests: the
                share of their pages with a lower value.
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Page</Table.Th>
                  {EMOTIONS.map((emotion) => (
                    <Table.Th key={emotion}>{EMOTION_NAMES[emotion]} higher than</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.pages.map((page) => (
                  <Table.Tr key={page.id}>
                    <Table.Td>{page.name}</Table.Td>
                    {EMOTIONS.map((emotion) => {
                      const rank = page.emotions[emotion].percentile;
                      return (
                        <Table.Td key={emotion}>
                          {rank === null ? (
                            <Text size="sm" c="dimmed">
                              not measured
                            </Text>
                          ) : (
                            <Stack gap={2}>
                              <Text size="sm">{formatPercent(rank / 100)} of pages</Text>
                              <Progress
                                value={rank}
                                color={EMOTION_COLORS[emotion]}
                                size="sm"
                                aria-label={`${EMOTION_NAMES[emotion]} of ${page.name}: higher than ${formatPercent(rank / 100)} of pages`}
                              />
                            </Stack>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

/** /test/{id}/benchmark: this test's emotions as percentiles among comparable done tests. */
export function BenchmarkScreen({ testId }: { testId: number }) {
  const benchmark = useBenchmark(testId);
  return (
    <Stack gap="lg" mt="md">
      <PageTitle>Benchmark</PageTitle>
      <Text c="dimmed" maw={760}>
        How this test's emotions compare with other done tests of websites and apps. A percentile says how
        many of them scored lower: frustration at the 80th percentile is more frustration than in 80 % of
        them. Other tests stay anonymous: only counts, percentiles and medians are shown, and only where at
        least 5 tests count.
      </Text>
      {benchmark.isLoading ? <BlockSkeleton height={320} /> : null}
      {benchmark.isError ? (
        <ErrorAlert error={benchmark.error} title="The benchmark could not be loaded" />
      ) : null}
      {benchmark.data && !benchmark.data.has_emotions && benchmark.data.cohort !== 'all' ? (
        <Alert
          variant="light"
          color="gray"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title="No emotions to compare"
        >
          The {benchmark.data.cohort} participants were recorded without EEG, so there are no emotions of
          theirs to compare with other tests. Choose Lab or All participants above.
        </Alert>
      ) : benchmark.data ? (
        <>
          {benchmark.data.cohort === 'all' ? null : (
            <Text size="sm" role="note">
              This test's values are its {benchmark.data.cohort} participants' emotions; the other tests count
              all of theirs.
            </Text>
          )}
          <GroupSection
            title="Against your company's other tests"
            group={benchmark.data.company}
            hiddenText={missingSentence(benchmark.data.company, 'Your company')}
          />
          {benchmark.data.category && benchmark.data.category_group ? (
            <GroupSection
              title={`Against ${benchmark.data.category.name} tests of all companies`}
              group={benchmark.data.category_group}
              hiddenText={missingSentence(
                benchmark.data.category_group,
                `The category ${benchmark.data.category.name}`,
              )}
            />
          ) : (
            <Stack gap="sm" component="section" aria-label="Against tests of the same category">
              <Title order={2} size="h3">
                Against tests of the same category
              </Title>
              <Alert
                variant="light"
                color="gray"
                icon={<IconInfoCircle size={18} aria-hidden />}
                title="No category"
              >
                This test has no category, so it cannot be compared with other companies' tests. The category
                is chosen when a test is ordered; the researchers can set it too.
              </Alert>
            </Stack>
          )}
        </>
      ) : null}
    </Stack>
  );
}
