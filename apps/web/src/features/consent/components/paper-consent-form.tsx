import {
  CONSENT_PURPOSE_NAMES,
  CONSENT_STREAM_NAMES,
  type ConsentPurpose,
  type ConsentStream,
  type ConsentTerms,
} from '@limbus/contract';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { z } from 'zod';
import { isApiError } from '../../../api';
import { zodValidate } from '../../../ui';
import { useConsentTerms, useRecordPaperConsent } from '../api';

type PaperValues = {
  version: string;
  streams: ConsentStream[];
  purposes: ConsentPurpose[];
  given_at: string;
};

/** The form's rules: a version, something granted, and a moment that is not in the future. */
const paperSchema = z.object({
  version: z.string().min(1, 'Choose the version the participant signed'),
  streams: z.array(z.string()),
  purposes: z.array(z.string()).min(1, 'Choose at least one purpose the participant agreed to'),
  given_at: z
    .string()
    .min(1, 'Say when the participant signed')
    .refine((value) => dayjs(value).isValid(), 'Say when the participant signed')
    .refine(
      (value) => !dayjs(value).isAfter(dayjs().add(1, 'minute')),
      'A consent cannot be given in the future',
    ),
});

/** A consent the participant gave on paper, entered by a researcher under one version of the terms. */
export function PaperConsentForm({
  testId,
  participantId,
  onDone,
}: {
  testId: number;
  participantId: number;
  onDone: () => void;
}) {
  const terms = useConsentTerms(testId);
  const record = useRecordPaperConsent(testId, participantId);
  const form = useForm<PaperValues>({
    initialValues: { version: '', streams: [], purposes: [], given_at: dayjs().format('YYYY-MM-DDTHH:mm') },
    validate: zodValidate(paperSchema),
  });
  const versions = terms.data ?? [];
  const chosen: ConsentTerms | undefined = versions.find((v) => String(v.version) === form.values.version);

  const handleSubmit = form.onSubmit((values) => {
    record.mutate(
      {
        version: Number(values.version),
        streams: values.streams,
        purposes: values.purposes,
        given_at: dayjs(values.given_at).unix(),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'The paper consent is recorded and in force.' });
          onDone();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const field of ['version', 'streams', 'purposes', 'given_at'] as const) {
            const message = error.fieldError(field);
            if (message) form.setFieldError(field, message);
          }
          if (!['version', 'streams', 'purposes', 'given_at'].some((field) => error.fieldError(field)))
            form.setFieldError('version', error.message);
        },
      },
    );
  });

  if (terms.isSuccess && versions.length === 0)
    return (
      <Alert color="gray" title="No consent terms yet">
        This test has no consent terms: add the text participants sign under the test's consent terms first.
      </Alert>
    );

  return (
    <Paper withBorder p="md" bg="gray.0">
      <form onSubmit={handleSubmit} noValidate aria-label="Enter a paper consent">
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Version of the terms"
              placeholder={terms.isPending ? 'Loading…' : 'Choose a version'}
              data={versions.map((v) => ({ value: String(v.version), label: `Version ${v.version}` }))}
              value={form.values.version}
              onChange={(value) => {
                const version = versions.find((v) => String(v.version) === value);
                form.setValues({
                  version: value ?? '',
                  streams: version ? [...version.streams] : [],
                  purposes: version ? [...version.purposes] : [],
                });
              }}
              error={form.errors.version}
              allowDeselect={false}
            />
            <TextInput label="Signed on" type="datetime-local" {...form.getInputProps('given_at')} />
          </Group>
          {chosen ? (
            <>
              <Checkbox.Group label="Streams the participant agreed to" {...form.getInputProps('streams')}>
                <Group gap="md" mt={4} wrap="wrap">
                  {chosen.streams.map((stream) => (
                    <Checkbox key={stream} value={stream} label={CONSENT_STREAM_NAMES[stream]} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Checkbox.Group label="Purposes the participant agreed to" {...form.getInputProps('purposes')}>
                <Stack gap={4} mt={4}>
                  {chosen.purposes.map((purpose) => (
                    <Checkbox key={purpose} value={purpose} label={CONSENT_PURPOSE_NAMES[purpose]} />
                  ))}
                </Stack>
              </Checkbox.Group>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Choose the version on the signed form to see what it covers.
            </Text>
          )}
          <Group>
            <Button type="submit" loading={record.isPending}>
              Record the consent
            </Button>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
