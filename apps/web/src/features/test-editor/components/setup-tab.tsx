import { PLATFORMS, TARGET_GROUPS, TEST_STATES, TEST_TYPE_NAMES, TEST_TYPES } from '@limbus/contract';
import {
  Anchor,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { languageOptions } from '../../../ui';
import { useCompanies } from '../../organisation';
import { platformLabel, stateLabel } from '../../user-tests';
import { useCategories, useCompanyUsers, useFlows, useResearchers } from '../api';
import { fromId, toIdOrNull, userOption } from '../setup-options';
import type { SetupForm } from './setup-form-types';

const STATE_OPTIONS = TEST_STATES.map((state) => ({ value: state, label: stateLabel(state) }));
const PLATFORM_OPTIONS = PLATFORMS.map((platform) => ({ value: platform, label: platformLabel(platform) }));
const TYPE_OPTIONS = TEST_TYPES.map((type) => ({ value: type, label: TEST_TYPE_NAMES[type] }));
const TARGET_OPTIONS = TARGET_GROUPS.map((group) => ({
  value: group,
  label: group === 'default' ? 'Default (Dutch representative sample)' : 'Custom',
}));

/** A picker whose choices could not be loaded says so (the saved value is kept). */
const listError = (query: { isError: boolean; error: Error | null }) =>
  query.isError ? `The choices could not be loaded: ${query.error?.message ?? 'try again later'}` : undefined;

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

function PeopleFields({ form }: { form: SetupForm }) {
  const { values, setFieldValue } = form;
  const companies = useCompanies();
  const companyUsers = useCompanyUsers(values.company_id);
  const researchers = useResearchers();
  const companyOptions = useMemo(
    () => (companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name })),
    [companies.data],
  );
  const requesterOptions = useMemo(() => (companyUsers.data ?? []).map(userOption), [companyUsers.data]);
  const researcherOptions = useMemo(() => (researchers.data ?? []).map(userOption), [researchers.data]);

  return (
    <>
      <Select
        label="Company"
        searchable
        allowDeselect={false}
        data={companyOptions}
        nothingFoundMessage="No company found"
        value={String(values.company_id)}
        onChange={(id) => {
          if (!id) return;
          setFieldValue('company_id', Number(id));
          // the requester is a user of the test's company
          setFieldValue('requester_id', null);
        }}
        error={form.errors.company_id ?? listError(companies)}
      />
      <Select
        label="Requested by"
        searchable
        clearable
        placeholder="Nobody"
        data={requesterOptions}
        nothingFoundMessage="No user of this company matches"
        value={fromId(values.requester_id)}
        onChange={(id) => setFieldValue('requester_id', toIdOrNull(id))}
        error={form.errors.requester_id ?? listError(companyUsers)}
      />
      <Select
        label="Researcher"
        searchable
        clearable
        placeholder="Nobody"
        data={researcherOptions}
        nothingFoundMessage="No researcher matches"
        value={fromId(values.researcher_id)}
        onChange={(id) => setFieldValue('researcher_id', toIdOrNull(id))}
        error={form.errors.researcher_id ?? listError(researchers)}
      />
    </>
  );
}

function ClassificationFields({ form }: { form: SetupForm }) {
  const { values, setFieldValue } = form;
  const categories = useCategories();
  const flows = useFlows();
  const asOptions = (items: ReadonlyArray<{ id: number; name: string }> | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

  return (
    <>
      <Select
        label="Category"
        clearable
        searchable
        placeholder="No category"
        data={asOptions(categories.data)}
        value={fromId(values.category_id)}
        onChange={(id) => setFieldValue('category_id', toIdOrNull(id))}
        error={form.errors.category_id ?? listError(categories)}
      />
      <Select
        label="Flow"
        clearable
        searchable
        placeholder="No flow"
        data={asOptions(flows.data)}
        value={fromId(values.flow_id)}
        onChange={(id) => setFieldValue('flow_id', toIdOrNull(id))}
        error={form.errors.flow_id ?? listError(flows)}
      />
    </>
  );
}

/** The Setup tab: who, what kind of test, where it runs and when it is due. */
export function SetupTab({ form, report }: { form: SetupForm; report: string | null }) {
  const { values, setFieldValue } = form;
  const languages = useMemo(
    () => languageOptions(values.translation_language),
    [values.translation_language],
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <Select
          label="State"
          allowDeselect={false}
          data={STATE_OPTIONS}
          value={values.state}
          onChange={(state) => setFieldValue('state', pick(TEST_STATES, state) ?? values.state)}
          error={form.errors.state}
        />
        <PeopleFields form={form} />
        <Select
          label="Platform"
          allowDeselect={false}
          data={PLATFORM_OPTIONS}
          value={values.platform}
          onChange={(platform) => setFieldValue('platform', pick(PLATFORMS, platform) ?? values.platform)}
          error={form.errors.platform}
        />
        <Select
          label="Test type"
          allowDeselect={false}
          data={TYPE_OPTIONS}
          value={values.test_type}
          onChange={(type) => setFieldValue('test_type', pick(TEST_TYPES, type) ?? values.test_type)}
          error={form.errors.test_type}
        />
        {values.platform === 'mobile' ? (
          <Switch
            label="Runs in an external app"
            mt="xl"
            {...form.getInputProps('external_app', { type: 'checkbox' })}
          />
        ) : null}
        {values.platform === 'video' ? (
          <TextInput label="Brand name" {...form.getInputProps('brand_name')} />
        ) : null}
        <ClassificationFields form={form} />
        <Select
          label="Target group"
          allowDeselect={false}
          data={TARGET_OPTIONS}
          value={values.target_group}
          onChange={(group) =>
            setFieldValue('target_group', pick(TARGET_GROUPS, group) ?? values.target_group)
          }
        />
        <TextInput
          label="Delivery date"
          placeholder="YYYY-MM-DD"
          description="Format YYYY-MM-DD"
          {...form.getInputProps('delivery_date')}
        />
        <NumberInput
          label="Minimum participants for metrics"
          min={0}
          max={10_000}
          allowDecimal={false}
          value={values.minimum_participants_for_metrics}
          onChange={(value) =>
            setFieldValue('minimum_participants_for_metrics', typeof value === 'number' ? value : 0)
          }
          error={form.errors.minimum_participants_for_metrics}
        />
        <Select
          label="Translation language"
          searchable
          clearable
          placeholder="No translation"
          data={languages}
          nothingFoundMessage="No language found"
          value={values.translation_language || null}
          onChange={(language) => setFieldValue('translation_language', language ?? '')}
          error={form.errors.translation_language}
        />
      </SimpleGrid>
      {values.target_group === 'custom' ? (
        <Textarea
          label="Target group requirements"
          autosize
          minRows={2}
          {...form.getInputProps('custom_target')}
        />
      ) : null}
      <Textarea label="Scenario" autosize minRows={2} {...form.getInputProps('scenario')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput label="Start URL" {...form.getInputProps('url')} />
        <TextInput label="Stop moment" {...form.getInputProps('stop_moment')} />
      </SimpleGrid>
      <Textarea label="Comments" autosize minRows={2} {...form.getInputProps('comments')} />
      <div>
        <Text size="sm" fw={500}>
          Report
        </Text>
        {report ? (
          <Anchor href={report} download size="sm">
            Download report
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            No report yet
          </Text>
        )}
      </div>
    </Stack>
  );
}
