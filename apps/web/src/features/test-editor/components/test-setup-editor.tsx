import { draftIssues, type TestDetail } from '@limbus/contract';
import { Button, Group, Paper, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '../../../api';
import { pickFieldErrors } from '../../../ui';
import { useUpdateTest } from '../api';
import { type SetupFormValues, setupFormValues, toTestWrite } from '../setup-form';
import { InsightsTab } from './insights-tab';
import { MethodsTab } from './methods-tab';
import { ParticipantsTab } from './participants-tab';
import { SetupTab } from './setup-tab';

/** How long the saved checkmark shows (spec 2 §4). */
export const SAVED_CHECK_MS = 500;

const TABS = ['setup', 'methods', 'participants', 'insights'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  setup: 'Setup',
  methods: 'Methods',
  participants: 'Participants',
  insights: 'Insights',
};

function useSavedCheck() {
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    if (!isShown) return;
    const timer = setTimeout(() => setShown(false), SAVED_CHECK_MS);
    return () => clearTimeout(timer);
  }, [isShown]);
  return { isShown, show: () => setShown(true) };
}

/** /research/test/{id}/test-setup: every field of the test in four tabs with one Save. */
export function TestSetupEditor({ test }: { test: TestDetail }) {
  const form = useForm<SetupFormValues>({
    initialValues: setupFormValues(test),
    validate: draftIssues,
  });
  const update = useUpdateTest(test.id);
  const saved = useSavedCheck();
  const [tab, setTab] = useState<Tab>('setup');

  const handleSave = (values: SetupFormValues) =>
    update.mutate(toTestWrite(values), {
      onSuccess: (answer) => {
        // new questions now have ids: the next save must update them, not add them again
        form.setValues(setupFormValues(answer));
        saved.show();
      },
      onError: (error) => {
        const fieldErrors = isApiError(error)
          ? pickFieldErrors(error.fieldErrors(), Object.keys(form.values) as Array<keyof SetupFormValues>)
          : {};
        form.setErrors(fieldErrors);
        notifications.show({ color: 'red', title: 'The test could not be saved', message: error.message });
      },
    });

  const submit = form.onSubmit(handleSave);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    // the only required field is on the Setup tab
    if (Object.keys(draftIssues(form.values)).length > 0) setTab('setup');
    submit(event);
  };

  return (
    <form aria-label="Test setup" noValidate onSubmit={handleSubmit}>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Title order={2} size="h4">
            {test.company.name}
          </Title>
          <Group gap="xs">
            {saved.isShown ? (
              <ThemeIcon color="teal" radius="xl" size="md" role="status" aria-label="Saved">
                <IconCheck size={16} aria-hidden />
              </ThemeIcon>
            ) : null}
            <Button
              type="submit"
              loading={update.isPending}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              Save
            </Button>
          </Group>
        </Group>
        <Tabs
          value={tab}
          onChange={(next) => setTab(TABS.find((candidate) => candidate === next) ?? 'setup')}
        >
          <Tabs.List mb="md">
            {TABS.map((key) => (
              <Tabs.Tab key={key} value={key}>
                {TAB_LABELS[key]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="setup">
            <SetupTab form={form} report={test.report} />
          </Tabs.Panel>
          <Tabs.Panel value="methods">
            <MethodsTab form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="participants">
            <ParticipantsTab test={test} />
          </Tabs.Panel>
          <Tabs.Panel value="insights">
            <InsightsTab test={test} />
          </Tabs.Panel>
        </Tabs>
        {Object.values(form.errors).some(Boolean) ? (
          <Text size="sm" c="red" mt="sm" role="alert">
            Please fix the marked fields.
          </Text>
        ) : null}
      </Paper>
    </form>
  );
}
