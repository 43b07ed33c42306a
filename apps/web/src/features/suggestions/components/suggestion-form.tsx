import {
  type Insight,
  MESSAGES,
  SUGGESTION_LEVELS,
  SUGGESTION_NEXT_STEPS,
  type Suggestion,
  type SuggestionChanges,
  type User,
} from '@limbus/contract';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isApiError } from '../../../api';
import { ErrorAlert, pickFieldErrors } from '../../../ui';
import { RichTextField } from '../../../ui/rich-text';
import { displayName } from '../../auth';

export type SuggestionFormValues = {
  title: string;
  suggestion: string;
  additional_info: string;
  effort: string | null;
  impact: string | null;
  next_step: string | null;
  owner_id: string | null;
  insight_id: string | null;
};

const optionsOf = (names: Record<number, string>) =>
  Object.entries(names).map(([value, label]) => ({ value, label: `${value} ${label}` }));
const LEVEL_OPTIONS = optionsOf(SUGGESTION_LEVELS);
const NEXT_STEP_OPTIONS = optionsOf(SUGGESTION_NEXT_STEPS);

const asText = (value: number | null) => (value === null ? null : String(value));
const asNumber = (value: string | null) => (value ? Number(value) : null);

export function formValuesOf(suggestion: Suggestion | null): SuggestionFormValues {
  return {
    title: suggestion?.title ?? '',
    suggestion: suggestion?.suggestion ?? '',
    additional_info: suggestion?.additional_info ?? '',
    effort: asText(suggestion?.effort ?? null),
    impact: asText(suggestion?.impact ?? null),
    next_step: asText(suggestion?.next_step ?? null),
    owner_id: asText(suggestion?.owner_id ?? null),
    insight_id: asText(suggestion?.insight_id ?? null),
  };
}

/** The body of a create or an update: every field of the form, choices as numbers or null. */
export function changesOf(values: SuggestionFormValues): Required<Omit<SuggestionChanges, 'rank' | 'done'>> {
  return {
    title: values.title.trim(),
    suggestion: values.suggestion,
    additional_info: values.additional_info,
    effort: asNumber(values.effort),
    impact: asNumber(values.impact),
    next_step: asNumber(values.next_step),
    owner_id: asNumber(values.owner_id),
    insight_id: asNumber(values.insight_id),
  };
}

type SuggestionFormProps = {
  suggestion: Suggestion | null;
  /** The company's users; empty when they could not be fetched (the owner then stays blank). */
  owners: User[];
  insights: Insight[];
  isSaving: boolean;
  error: unknown;
  onSave: (values: SuggestionFormValues) => Promise<unknown>;
  onCancel: () => void;
};

/** Create and edit a suggestion: title, texts, effort, impact, next step, owner and insight. */
export function SuggestionForm({
  suggestion,
  owners,
  insights,
  isSaving,
  error,
  onSave,
  onCancel,
}: SuggestionFormProps) {
  const form = useForm<SuggestionFormValues>({
    initialValues: formValuesOf(suggestion),
    validate: (values) => (values.title.trim() ? {} : { title: MESSAGES.required }),
  });
  const ownerOptions = owners.map((owner) => ({ value: String(owner.id), label: displayName(owner) }));
  const insightOptions = insights.map((insight) => ({
    value: String(insight.id),
    label: `${insight.assigned_id}. ${insight.title}`,
  }));

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (failure) {
      if (isApiError(failure))
        form.setErrors(
          pickFieldErrors(failure.fieldErrors(), Object.keys(values) as Array<keyof SuggestionFormValues>),
        );
    }
  });

  const selectProps = (
    field: Exclude<keyof SuggestionFormValues, 'title' | 'suggestion' | 'additional_info'>,
  ) => ({
    value: form.values[field],
    onChange: (value: string | null) => form.setFieldValue(field, value),
    error: form.errors[field],
    clearable: true,
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={suggestion ? 'Edit suggestion' : 'New suggestion'}>
      <Stack gap="md">
        {error ? <ErrorAlert error={error} title="The suggestion could not be saved" /> : null}
        <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
        <RichTextField
          label="Suggestion"
          value={form.values.suggestion}
          onChange={(html) => form.setFieldValue('suggestion', html)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label="Effort" data={LEVEL_OPTIONS} {...selectProps('effort')} />
          <Select label="Impact" data={LEVEL_OPTIONS} {...selectProps('impact')} />
          <Select label="Next step" data={NEXT_STEP_OPTIONS} {...selectProps('next_step')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Owner"
            data={ownerOptions}
            searchable
            nothingFoundMessage="No user of this company"
            {...selectProps('owner_id')}
            value={
              ownerOptions.some((option) => option.value === form.values.owner_id)
                ? form.values.owner_id
                : null
            }
          />
          <Select label="Insight" data={insightOptions} searchable {...selectProps('insight_id')} />
        </SimpleGrid>
        <RichTextField
          label="Additional info"
          value={form.values.additional_info}
          onChange={(html) => form.setFieldValue('additional_info', html)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
