import { TEST_SLOTS } from '@limbus/contract';
import { Input, Stack, TextInput } from '@mantine/core';
import type { QuestionSlot } from '../test-form-values';
import type { SectionProps } from './form-fields';
import { FormSection } from './form-section';

function SlotList({
  field,
  label,
  description,
  itemLabel,
  slots,
  issues,
  onChange,
}: {
  field: 'associations' | 'open_questions';
  label: string;
  description: string;
  itemLabel: string;
  slots: QuestionSlot[];
  issues: SectionProps['issues'];
  onChange: (slots: QuestionSlot[]) => void;
}) {
  const setText = (index: number, text: string) =>
    onChange(slots.map((slot, at) => (at === index ? { ...slot, text } : slot)));
  return (
    <Input.Wrapper label={label} description={description} error={issues[field]}>
      <Stack gap="xs" mt="xs">
        {slots.map((slot, index) => (
          <TextInput
            key={slot.id ?? `new-${index}`}
            aria-label={`${itemLabel} ${index + 1}`}
            value={slot.text}
            onChange={(event) => setText(index, event.currentTarget.value)}
            error={issues[`${field}.${index}`]}
          />
        ))}
      </Stack>
    </Input.Wrapper>
  );
}

/** The associations and open questions participants answer after the test; blank slots are left out. */
export function QuestionsSection({ values, issues, setField }: SectionProps) {
  return (
    <FormSection title="Questions for participants">
      <SlotList
        field="associations"
        label={`Associations (at most ${TEST_SLOTS.associations})`}
        description="Words participants can tick when they match their impression, for example 'trustworthy'"
        itemLabel="Association"
        slots={values.associations}
        issues={issues}
        onChange={(slots) => setField('associations', slots)}
      />
      <SlotList
        field="open_questions"
        label={`Open questions (at most ${TEST_SLOTS.open_questions})`}
        description="Questions participants answer in their own words"
        itemLabel="Open question"
        slots={values.open_questions}
        issues={issues}
        onChange={(slots) => setField('open_questions', slots)}
      />
    </FormSection>
  );
}
