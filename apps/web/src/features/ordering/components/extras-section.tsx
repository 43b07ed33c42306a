import { ADDONS, type AddonKey } from '@limbus/contract';
import { Badge, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { formatSurcharge } from '../../../ui';
import type { SectionProps } from './form-fields';
import { FormSection } from './form-section';

/** The add-ons with their prices (spec 2 §9), the preferred deadline and remarks. */
export function ExtrasSection({ values, issues, setField }: SectionProps) {
  return (
    <FormSection title="Add-ons and planning">
      <Checkbox.Group
        label="Add-ons"
        value={values.addons}
        onChange={(keys) => setField('addons', keys as AddonKey[])}
        error={issues.addons}
      >
        <Stack gap="sm" mt="xs">
          {ADDONS.map((addon) => (
            <Checkbox
              key={addon.key}
              value={addon.key}
              label={
                <Group gap="xs" component="span">
                  <span>{addon.label}</span>
                  <Badge variant="light" color="teal" component="span">
                    {formatSurcharge(addon.price)}
                  </Badge>
                </Group>
              }
              description={addon.description}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        label="Preferred deadline"
        description="When you would like the results"
        value={values.timing}
        onChange={(event) => setField('timing', event.currentTarget.value)}
        error={issues.timing}
      />
      <Textarea
        label="Comments"
        autosize
        minRows={2}
        value={values.comments}
        onChange={(event) => setField('comments', event.currentTarget.value)}
        error={issues.comments}
      />
    </FormSection>
  );
}
