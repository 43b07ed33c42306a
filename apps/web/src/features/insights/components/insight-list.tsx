import { INSIGHT_TITLE_PLACEHOLDER, MESSAGES, type TestDetail } from '@limbus/contract';
import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { ErrorAlert, TableSkeleton } from '../../../ui';
import { useCreateInsight, useInsights } from '../api';
import { useInsightsPdf } from '../use-insights-pdf';
import { byNumber, InsightCard, InsightsPdfButton } from './insight-card';

type ListTest = Pick<TestDetail, 'id' | 'name' | 'company' | 'translation' | 'translation_language'>;

/**
 * List mode: the test's insights by number as the client reads them (the same cards), each opening
 * in the panel's detail mode, the Insights PDF, and a title input that creates one.
 */
export function InsightList({ test, onOpen }: { test: ListTest; onOpen: (id: number) => void }) {
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
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((insight) => (
          <li key={insight.id}>
            <InsightCard insight={insight} detail={{ onOpen: () => onOpen(insight.id) }} headingOrder={3} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
