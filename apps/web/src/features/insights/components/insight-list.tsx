import { INSIGHT_TITLE_PLACEHOLDER, type Insight, MESSAGES, type TestDetail } from '@limbus/contract';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { ErrorAlert, TableSkeleton } from '../../../ui';
import { useCreateInsight, useInsights } from '../api';
import { counted, insightFacts } from '../insight-facts';
import { insightColor } from '../insight-reading';
import { useInsightsPdf } from '../use-insights-pdf';
import { byNumber, InsightCard, InsightsPdfButton } from './insight-card';

type ListTest = Pick<TestDetail, 'id' | 'name' | 'company' | 'translation' | 'translation_language'>;

/**
 * List mode: the test's insights by number as the client reads them (the same cards), each opening
 * in the panel's detail mode, the Insights PDF, and a title input that creates one.
 */
export function InsightList({
  test,
  onOpen,
  participantId,
}: {
  test: ListTest;
  onOpen: (id: number) => void;
  /** On a participant's page: one line per insight, saying which cite this participant. */
  participantId?: number | undefined;
}) {
  const insights = useInsights(test.id);
  const create = useCreateInsight(test.id);
  const pdf = useInsightsPdf(test);
  // a new insight needs a title (spec 2 §5)
  const form = useForm({
    initialValues: { title: '' },
    validate: { title: (title) => (title.trim() ? null : MESSAGES.required) },
  });
  const list = byNumber(insights.data ?? []);

  const handleCreate = form.onSubmit(({ title }) =>
    create.mutate(title.trim(), {
      onSuccess: (insight) => {
        form.reset();
        onOpen(insight.id);
      },
    }),
  );

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <form onSubmit={handleCreate} noValidate aria-label="New insight" style={{ flex: 1 }}>
          <TextInput
            aria-label="New insight title"
            placeholder={INSIGHT_TITLE_PLACEHOLDER}
            {...form.getInputProps('title')}
            error={form.errors.title ?? create.error?.message}
            rightSection={
              <ActionIcon type="submit" variant="subtle" aria-label="Add insight" loading={create.isPending}>
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
            }
          />
        </form>
        <InsightsPdfButton pdf={pdf} insights={list} />
      </Group>
      {pdf.isError ? <ErrorAlert error={pdf.error} title="The Insights PDF could not be made" /> : null}
      {insights.isLoading ? <TableSkeleton rows={3} /> : null}
      {insights.isError ? (
        <ErrorAlert error={insights.error} title="The insights could not be loaded" />
      ) : null}
      {insights.data?.length === 0 ? (
        <Text c="dimmed" size="sm">
          No insights yet.
        </Text>
      ) : null}
      <Stack
        gap={participantId === undefined ? 'sm' : 4}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {list.map((insight) => (
          <li key={insight.id}>
            {participantId === undefined ? (
              <InsightCard insight={insight} detail={{ onOpen: () => onOpen(insight.id) }} headingOrder={3} />
            ) : (
              <InsightLine
                insight={insight}
                participantId={participantId}
                onOpen={() => onOpen(insight.id)}
              />
            )}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * One insight as a line of the participant page's list (issue 26: eleven cards made the page
 * 3,000 px long): its number and title, and how many of its moments are this participant's, the
 * ones a researcher links from here.
 */
function InsightLine({
  insight,
  participantId,
  onOpen,
}: {
  insight: Insight;
  participantId: number;
  onOpen: () => void;
}) {
  const own = insight.significant_points.filter((point) => point.participant_id === participantId).length;
  return (
    <Paper withBorder px="md" py="xs">
      <Group gap="sm" wrap="nowrap">
        <Badge variant="light" color="gray" miw={28} px={6} aria-hidden>
          {insight.assigned_id}
        </Badge>
        <Anchor
          component="button"
          type="button"
          onClick={onOpen}
          ta="left"
          fw={600}
          style={{ color: insightColor(insight), flex: 1 }}
        >
          {insight.title}
        </Anchor>
        <Text size="sm" c={own > 0 ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {own > 0 ? `${counted(own, 'moment')} of this participant` : 'None of this participant'}
        </Text>
        <Text size="sm" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
          {counted(insightFacts(insight).participants, 'participant')} in all
        </Text>
      </Group>
    </Paper>
  );
}
