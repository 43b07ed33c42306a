import {
  createRemoteCohortBody,
  REMOTE_COHORT_CAP_MAX,
  REMOTE_COHORT_DEFAULT_EXPIRY_DAYS,
  REMOTE_COHORT_EXPIRY_DAYS,
  REMOTE_REDIRECT_PLACEHOLDERS,
} from '@limbus/contract';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api';
import { formatCount, formatDate, pickFieldErrors } from '../../../ui';
import { useOpenRemoteCohort } from '../api';

type ExpiryDays = (typeof REMOTE_COHORT_EXPIRY_DAYS)[number];
type Values = { cap: number | string; expires_in_days: string; redirect_url: string };
const FIELDS = ['cap', 'expires_in_days', 'redirect_url'] as const;

/** A panel's batch of 100 is a common first wave; the researcher changes it as needed. */
const DEFAULT_CAP = 100;
const capSchema = createRemoteCohortBody.shape.remote_cohort.shape.cap;

const EXPIRY_OPTIONS = REMOTE_COHORT_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));
const PLACEHOLDERS = REMOTE_REDIRECT_PLACEHOLDERS.map((name) => `{${name}}`).join(' and ');

/** 'Open a remote cohort' and its dialog: the form, then the participant link shown this once. */
export function OpenCohortButton({ testId }: { testId: number }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open a remote cohort</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Open a remote cohort" centered>
        {opened && <OpenCohortForm testId={testId} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function OpenCohortForm({ testId, onDone }: { testId: number; onDone: () => void }) {
  const open = useOpenRemoteCohort(testId);
  const form = useForm<Values>({
    initialValues: {
      cap: DEFAULT_CAP,
      expires_in_days: String(REMOTE_COHORT_DEFAULT_EXPIRY_DAYS),
      redirect_url: '',
    },
    validate: { cap: (cap) => capSchema.safeParse(cap).error?.issues[0]?.message ?? null },
  });

  if (open.data) {
    const { data: cohort, path } = open.data;
    return (
      <CreatedLink
        url={`${window.location.origin}${path}`}
        cap={cohort.cap}
        expiresAt={cohort.expires_at}
        onDone={onDone}
      />
    );
  }

  const submit = form.onSubmit((values) => {
    const redirect = values.redirect_url.trim();
    open.mutate(
      {
        cap: Number(values.cap),
        expires_in_days: Number(values.expires_in_days) as ExpiryDays,
        ...(redirect ? { redirect_url: redirect } : {}),
      },
      {
        onError: (error) => {
          if (isApiError(error)) form.setErrors(pickFieldErrors<Values>(error.fieldErrors(), FIELDS));
        },
      },
    );
  });
  const hasFieldError = Object.values(form.errors).some(Boolean);
  const needsTerms = isApiError(open.error) && open.error.status === 409;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NumberInput
          label="Participants at most"
          description={`1 to ${formatCount(REMOTE_COHORT_CAP_MAX)}; the link takes no one once it is full.`}
          allowDecimal={false}
          allowNegative={false}
          min={1}
          max={REMOTE_COHORT_CAP_MAX}
          clampBehavior="none"
          required
          {...form.getInputProps('cap')}
        />
        <Select
          label="Expires after"
          data={EXPIRY_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('expires_in_days')}
        />
        <TextInput
          label="Completion redirect (optional)"
          description={`Where participants go when they finish, such as your panel's completion URL. It may use ${PLACEHOLDERS}: the panel's id of the participant and their id in Limbus.`}
          placeholder="https://panel.example/complete?pid={participant_id}"
          inputMode="url"
          {...form.getInputProps('redirect_url')}
        />
        {open.isError && !hasFieldError && (
          <Alert color="red" variant="light">
            {open.error.message}
            {needsTerms && (
              <>
                {' '}
                <Anchor component={Link} to={`/research/test/${testId}/consent`}>
                  Open the consent terms
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={open.isPending}>
            Open cohort
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreatedLink({
  url,
  cap,
  expiresAt,
  onDone,
}: {
  url: string;
  cap: number;
  expiresAt: number;
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Give this link to your panel: up to {formatCount(cap)} {cap === 1 ? 'participant' : 'participants'}{' '}
        can take the test with it until {formatDate(expiresAt)}.
      </Text>
      <Text size="sm" fw={600}>
        It will not be shown again: copy it now.
      </Text>
      <Text size="sm">
        The link opens the study's welcome page; taking part in the browser comes with the next release.
      </Text>
      <TextInput
        label="Participant link"
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group justify="flex-end">
        <CopyButton value={url}>
          {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
