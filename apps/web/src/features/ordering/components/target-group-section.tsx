import { Radio, Stack, Textarea } from '@mantine/core';
import type { SectionProps } from './form-fields';
import { FormSection } from './form-section';

/** The default group of spec 2 §2 per kind of test. */
export const DEFAULT_TARGET_GROUP = {
  web: 'A Dutch representative sample',
  video: 'A Dutch representative group of ten participants',
} as const;

/** The default target group, or a custom one (at extra cost) with its requirements. */
export function TargetGroupSection({ kind, values, issues, setField }: SectionProps) {
  return (
    <FormSection title="Target group">
      <Radio.Group
        label="Who takes part"
        value={values.target_group}
        onChange={(group) => setField('target_group', group === 'custom' ? 'custom' : 'default')}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="default" label={DEFAULT_TARGET_GROUP[kind]} description="Included in the test" />
          <Radio
            value="custom"
            label="A custom target group"
            description="Participants chosen by your requirements; this costs extra"
          />
        </Stack>
      </Radio.Group>
      {values.target_group === 'custom' ? (
        <Textarea
          label="Requirements of the target group"
          description="Age, background, experience with your product, number of participants"
          withAsterisk
          autosize
          minRows={3}
          value={values.custom_target}
          onChange={(event) => setField('custom_target', event.currentTarget.value)}
          error={issues.custom_target}
        />
      ) : null}
    </FormSection>
  );
}
