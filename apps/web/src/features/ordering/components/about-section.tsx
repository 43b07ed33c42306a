import { TEST_TYPE_NAMES, TEST_TYPES } from '@limbus/contract';
import { Checkbox, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { SectionProps } from './form-fields';
import { FormSection } from './form-section';

const TYPE_DESCRIPTIONS = {
  professional: 'Full analysis: tags, page insights, heatmaps and up to three areas of focus.',
  essential: 'The core results of one area of focus.',
} as const;

/** Name, tier, platform (web) or brand (video), and the purpose of the test. */
export function AboutSection({ kind, values, issues, setField }: SectionProps) {
  return (
    <FormSection title="About the test">
      <TextInput
        label="Test name"
        withAsterisk
        value={values.name}
        onChange={(event) => setField('name', event.currentTarget.value)}
        error={issues.name}
      />
      <Radio.Group
        label="Test type"
        value={values.test_type}
        onChange={(type) => setField('test_type', type as (typeof TEST_TYPES)[number])}
        error={issues.test_type}
      >
        <Stack gap="xs" mt="xs">
          {TEST_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={TEST_TYPE_NAMES[type]}
              description={TYPE_DESCRIPTIONS[type]}
            />
          ))}
        </Stack>
      </Radio.Group>
      {kind === 'web' ? (
        <>
          <Radio.Group
            label="Platform"
            value={values.platform}
            onChange={(platform) => setField('platform', platform === 'mobile' ? 'mobile' : 'desktop')}
            error={issues.platform}
          >
            <Group gap="lg" mt="xs">
              <Radio value="desktop" label="Desktop" />
              <Radio value="mobile" label="Mobile" />
            </Group>
          </Radio.Group>
          {values.platform === 'mobile' ? (
            <Checkbox
              label="The test runs in an app, not in the phone's browser"
              checked={values.external_app}
              onChange={(event) => setField('external_app', event.currentTarget.checked)}
            />
          ) : null}
        </>
      ) : (
        <TextInput
          label="Brand name"
          value={values.brand_name}
          onChange={(event) => setField('brand_name', event.currentTarget.value)}
          error={issues.brand_name}
        />
      )}
      <Textarea
        label="Purpose"
        description="What do you want to learn from this test?"
        withAsterisk
        autosize
        minRows={3}
        value={values.purpose}
        onChange={(event) => setField('purpose', event.currentTarget.value)}
        error={issues.purpose}
      />
    </FormSection>
  );
}
