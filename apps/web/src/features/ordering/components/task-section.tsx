import { Input, Stack, Textarea, TextInput } from '@mantine/core';
import { focusSlotCount } from '../test-form-values';
import type { SectionProps } from './form-fields';
import { FormSection } from './form-section';

/** Where a web test starts and ends, what participants do, and the areas of focus. */
export function TaskSection({ values, issues, setField }: SectionProps) {
  const focusSlots = focusSlotCount(values.test_type);
  const setFocus = (index: number, text: string) =>
    setField(
      'focus_elements',
      values.focus_elements.map((element, at) => (at === index ? text : element)),
    );

  return (
    <FormSection title="The task">
      <TextInput
        label="Start URL"
        description="The page participants start on"
        placeholder="https://"
        value={values.url}
        onChange={(event) => setField('url', event.currentTarget.value)}
        error={issues.url}
      />
      <Textarea
        label="Scenario"
        description="The task as participants will read it"
        withAsterisk
        autosize
        minRows={3}
        value={values.scenario}
        onChange={(event) => setField('scenario', event.currentTarget.value)}
        error={issues.scenario}
      />
      <TextInput
        label="End point"
        description="The moment the task is done, for example the order confirmation page"
        withAsterisk
        value={values.stop_moment}
        onChange={(event) => setField('stop_moment', event.currentTarget.value)}
        error={issues.stop_moment}
      />
      <Input.Wrapper
        label={focusSlots === 1 ? 'Area of focus' : `Areas of focus (at most ${focusSlots})`}
        description="The parts of the page or flow we should look at closely"
        withAsterisk={values.test_type === 'essential'}
        error={issues.focus_elements}
      >
        <Stack gap="xs" mt="xs">
          {values.focus_elements.slice(0, focusSlots).map((element, index) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position
              key={index}
              aria-label={`Area of focus ${index + 1}`}
              value={element}
              onChange={(event) => setFocus(index, event.currentTarget.value)}
              error={issues[`focus_elements.${index}`]}
            />
          ))}
        </Stack>
      </Input.Wrapper>
    </FormSection>
  );
}
