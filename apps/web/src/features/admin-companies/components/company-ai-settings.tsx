import { AI_MONTHLY_TOKENS_MAX, type AiUsage } from '@limbus/contract';
import { Group, NumberInput, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { isApiError } from '../../../api';
import {
  BlockSkeleton,
  DetailList,
  ErrorAlert,
  formatCount,
  formatMonth,
  formatPercent,
  languageOptions,
  SaveRow,
} from '../../../ui';
import { useCompanyAi, useSaveCompanyAi } from '../api';

type Values = { language: string; budget: string | number };
type Errors = Partial<Record<keyof Values, string>>;

const budgetOf = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

/** Messages a staff member can act on; the server checks the same limits. */
export function validateAiSettings({ language, budget }: Values): Errors {
  const errors: Errors = {};
  if (!language.trim()) errors.language = 'Choose the language insights are written in';
  const tokens = budgetOf(budget);
  if (Number.isNaN(tokens)) errors.budget = 'Enter a monthly budget in tokens: 0 or more';
  else if (tokens < 0) errors.budget = 'The budget cannot be below 0 tokens';
  else if (tokens > AI_MONTHLY_TOKENS_MAX)
    errors.budget = `The budget can be at most ${formatCount(AI_MONTHLY_TOKENS_MAX)} tokens`;
  return errors;
}

/** The 'AI text' section of /admin/companies/{id}: insight language, monthly budget, this month's use. */
export function CompanyAiSettings({ companyId }: { companyId: number }) {
  const usage = useCompanyAi(companyId);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="ai-settings-title">
      <Title order={2} fz={18} id="ai-settings-title">
        AI text
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Generated insights are written in the insight language. The budget caps the tokens the company's AI
        calls may use in a calendar month (UTC); past it, AI text is refused until the next month.
      </Text>
      {usage.isLoading ? <BlockSkeleton height={160} /> : null}
      {usage.isError ? <ErrorAlert error={usage.error} title="The AI settings could not be loaded" /> : null}
      {usage.data ? <AiSettingsForm companyId={companyId} usage={usage.data} /> : null}
    </Paper>
  );
}

function MonthUse({ usage }: { usage: AiUsage }) {
  const { used_tokens: used, budget_tokens: budget, calls } = usage;
  const share = budget > 0 ? Math.min(used / budget, 1) : 1;
  const isOver = used >= budget;
  return (
    <Stack gap={6}>
      <DetailList
        cols={2}
        items={[
          {
            label: `Used in ${formatMonth(usage.month)}`,
            value: `${formatCount(used)} of ${formatCount(budget)} tokens (${formatPercent(share)})`,
          },
          { label: 'AI calls this month', value: formatCount(calls) },
        ]}
      />
      <Progress
        value={share * 100}
        color={isOver ? 'red' : 'teal'}
        aria-label={`Share of this month's AI budget used: ${formatPercent(share)}`}
      />
      {isOver ? (
        <Text size="sm" c="red.8">
          The budget is used up: AI text is refused until next month or a higher budget.
        </Text>
      ) : null}
    </Stack>
  );
}

function AiSettingsForm({ companyId, usage }: { companyId: number; usage: AiUsage }) {
  const save = useSaveCompanyAi(companyId);
  const form = useForm<Values>({
    initialValues: { language: usage.insight_language, budget: usage.budget_tokens },
    validate: validateAiSettings,
  });
  const { values } = form;
  const options = useMemo(() => languageOptions(usage.insight_language), [usage.insight_language]);
  const hasFieldError = Object.values(form.errors).some(Boolean);
  const isDirty = values.language !== usage.insight_language || values.budget !== usage.budget_tokens;

  const submit = form.onSubmit(({ language, budget }) =>
    save.mutate(
      { insight_language: language, monthly_token_budget: budgetOf(budget) },
      {
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors() : {};
          form.setErrors({ language: fields.insight_language, budget: fields.monthly_token_budget });
        },
      },
    ),
  );

  return (
    <Stack gap="lg">
      <MonthUse usage={usage} />
      <form onSubmit={submit} aria-label="AI settings" noValidate>
        <Stack gap="sm">
          <Group align="flex-start" wrap="wrap" gap="md">
            <Select
              label="Insight language"
              data={options}
              value={values.language}
              onChange={(value) => form.setFieldValue('language', value ?? '')}
              searchable
              nothingFoundMessage="No language of that name"
              error={form.errors.language}
              w={{ base: '100%', xs: 280 }}
            />
            <NumberInput
              label="Monthly token budget"
              description="0 turns AI text off for this company"
              {...form.getInputProps('budget')}
              thousandSeparator=","
              allowDecimal={false}
              min={0}
              max={AI_MONTHLY_TOKENS_MAX}
              clampBehavior="none"
              w={{ base: '100%', xs: 240 }}
            />
          </Group>
          <SaveRow
            isSaving={save.isPending}
            isSaved={save.isSuccess}
            isDirty={isDirty}
            error={save.isError && !hasFieldError ? save.error.message : null}
          />
        </Stack>
      </form>
    </Stack>
  );
}
