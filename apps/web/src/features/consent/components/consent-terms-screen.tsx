import {
  CONSENT_PURPOSE_NAMES,
  CONSENT_PURPOSES,
  CONSENT_STREAM_NAMES,
  CONSENT_STREAMS,
  type ConsentPurpose,
  type ConsentStream,
  createConsentTermsBody,
} from '@limbus/contract';
import {
  Accordion,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { Empty, ErrorAlert, formatDateTime, TableSkeleton, zodValidate } from '../../../ui';
import { useConsentTerms, useCreateConsentTerms } from '../api';
import { GrantBadges } from './consent-lists';

type TermsValues = { text: string; streams: ConsentStream[]; purposes: ConsentPurpose[] };

const termsSchema = createConsentTermsBody.shape.terms;

/**
 * The research area's consent terms of a test: every version, newest first, with its text,
 * streams and purposes; a new text is added as the next version (the earlier ones stay, with the
 * consents given under them).
 */
export function ConsentTermsScreen({ testId }: { testId: number }) {
  const terms = useConsentTerms(testId);
  const [isWriting, setWriting] = useState(false);
  const latest = terms.data?.[0];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={640}>
          The text participants sign before they are recorded. A change is a new version: the consents given
          under an earlier version keep naming it.
        </Text>
        {!isWriting && terms.isSuccess ? (
          <Button onClick={() => setWriting(true)}>
            {latest ? 'Add a new version' : 'Write the first version'}
          </Button>
        ) : null}
      </Group>
      {isWriting ? (
        <NewTermsForm
          testId={testId}
          start={
            latest ? { text: latest.text, streams: latest.streams, purposes: latest.purposes } : undefined
          }
          onDone={() => setWriting(false)}
        />
      ) : null}
      {terms.isPending ? <TableSkeleton rows={3} /> : null}
      {terms.isError ? <ErrorAlert error={terms.error} /> : null}
      {terms.isSuccess && terms.data.length === 0 && !isWriting ? (
        <Empty
          title="No consent terms yet"
          description="Every stream the recorders send is taken, as for tests recorded before consent was kept. Write the first version to require each participant's consent."
        />
      ) : null}
      {terms.data && terms.data.length > 0 ? (
        <Accordion variant="separated" defaultValue={String(terms.data[0]?.version)}>
          {terms.data.map((version, index) => (
            <Accordion.Item key={version.id} value={String(version.version)}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={600}>Version {version.version}</Text>
                  {index === 0 ? (
                    <Badge size="sm" color="teal" variant="light">
                      Current
                    </Badge>
                  ) : null}
                  <Text size="sm" c="dimmed">
                    {formatDateTime(version.created_at)}
                    {version.created_by ? ` · ${version.created_by}` : ''}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <GrantBadges streams={version.streams} purposes={version.purposes} />
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {version.text}
                  </Text>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      ) : null}
    </Stack>
  );
}

function NewTermsForm({
  testId,
  start,
  onDone,
}: {
  testId: number;
  start: TermsValues | undefined;
  onDone: () => void;
}) {
  const create = useCreateConsentTerms(testId);
  const form = useForm<TermsValues>({
    initialValues: start
      ? { text: start.text, streams: [...start.streams], purposes: [...start.purposes] }
      : { text: '', streams: [...CONSENT_STREAMS], purposes: [...CONSENT_PURPOSES] },
    validate: zodValidate(termsSchema),
  });
  const handleSubmit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) => {
        notifications.show({ color: 'teal', message: `Version ${created.version} of the terms is added.` });
        onDone();
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        form.setFieldError('text', error.fieldError('text') ?? error.message);
      },
    }),
  );
  return (
    <Paper withBorder p="md">
      <form onSubmit={handleSubmit} noValidate aria-label="New version of the consent terms">
        <Stack gap="sm">
          <Title order={2} fz="md">
            New version
          </Title>
          <Textarea
            label="Text participants sign"
            autosize
            minRows={8}
            maxRows={24}
            {...form.getInputProps('text')}
          />
          <Checkbox.Group label="Streams it covers" {...form.getInputProps('streams')}>
            <Group gap="md" mt={4} wrap="wrap">
              {CONSENT_STREAMS.map((stream) => (
                <Checkbox key={stream} value={stream} label={CONSENT_STREAM_NAMES[stream]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group label="Purposes it asks for" {...form.getInputProps('purposes')}>
            <Stack gap={4} mt={4}>
              {CONSENT_PURPOSES.map((purpose) => (
                <Checkbox key={purpose} value={purpose} label={CONSENT_PURPOSE_NAMES[purpose]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              Add this version
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
