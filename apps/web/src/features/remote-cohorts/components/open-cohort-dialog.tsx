import {
  createRemoteCohortBody,
  REMOTE_COHORT_CAP_MAX,
  REMOTE_COHORT_DEFAULT_EXPIRY_DAYS,
  type REMOTE_COHORT_EXPIRY_DAYS,
  REMOTE_GAZE_DEFAULTS,
  REMOTE_GAZE_THRESHOLD_RANGE,
  REMOTE_MAX_RECALIBRATIONS,
  REMOTE_REDIRECT_PLACEHOLDERS,
  type RemoteGazeSettings,
} from '@limbus/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  CopyButton,
  Fieldset,
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
import { BY_DATE, CohortExpiryField, type ExpiryValues } from './cohort-expiry-field';

type ExpiryDays = (typeof REMOTE_COHORT_EXPIRY_DAYS)[number];
type Values = ExpiryValues & {
  cap: number | string;
  redirect_url: string;
  threshold_deg: number | string;
  max_recalibrations: string;
  on_failure: RemoteGazeSettings['on_failure'];
  gaze_without_validation: boolean;
};
const FIELDS = ['cap', 'expires_in_days', 'expires_on', 'redirect_url'] as const;

/** A panel's batch of 100 is a common first wave; the researcher changes it as needed. */
const DEFAULT_CAP = 100;
const capSchema = createRemoteCohortBody.shape.remote_cohort.shape.cap;

const RECALIBRATION_OPTIONS = Array.from({ length: REMOTE_MAX_RECALIBRATIONS + 1 }, (_, count) => ({
  value: String(count),
  label: count === 0 ? 'None' : String(count),
}));
const FAILURE_OPTIONS: { value: RemoteGazeSettings['on_failure']; label: string }[] = [
  { value: 'continue_without_gaze', label: 'Go on without gaze (mouse and answers)' },
  { value: 'stop', label: 'End the session (the participant is thanked)' },
];
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
      expires_on: null,
      redirect_url: '',
      threshold_deg: REMOTE_GAZE_DEFAULTS.threshold_deg,
      max_recalibrations: String(REMOTE_GAZE_DEFAULTS.max_recalibrations),
      on_failure: REMOTE_GAZE_DEFAULTS.on_failure,
      gaze_without_validation: REMOTE_GAZE_DEFAULTS.gaze_without_validation,
    },
    validate: {
      cap: (cap) => capSchema.safeParse(cap).error?.issues[0]?.message ?? null,
      expires_on: (day, values) =>
        values.expires_in_days === BY_DATE && !day ? "Pick the link's last day" : null,
    },
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
        ...(values.expires_in_days === BY_DATE
          ? { expires_on: values.expires_on ?? '' }
          : { expires_in_days: Number(values.expires_in_days) as ExpiryDays }),
        ...(redirect ? { redirect_url: redirect } : {}),
        gaze: {
          threshold_deg: Number(values.threshold_deg),
          max_recalibrations: Number(values.max_recalibrations),
          on_failure: values.on_failure,
          gaze_without_validation: values.gaze_without_validation,
        },
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
        <CohortExpiryField form={form} />
        <TextInput
          label="Completion redirect (optional)"
          description={`Where participants go when they finish, such as your panel's completion URL. It may use ${PLACEHOLDERS}: the panel's id of the participant and their id in Limbus.`}
          placeholder="https://panel.example/complete?pid={participant_id}"
          inputMode="url"
          {...form.getInputProps('redirect_url')}
        />
        <Fieldset legend="Webcam gaze" variant="unstyled">
          <Stack gap="sm">
            <NumberInput
              label="Accuracy needed (degrees)"
              description={`A participant's calibration passes below this error; ${REMOTE_GAZE_DEFAULTS.threshold_deg}° is usual for webcam gaze (${REMOTE_GAZE_THRESHOLD_RANGE.min}° to ${REMOTE_GAZE_THRESHOLD_RANGE.max}°).`}
              min={REMOTE_GAZE_THRESHOLD_RANGE.min}
              max={REMOTE_GAZE_THRESHOLD_RANGE.max}
              step={0.5}
              decimalScale={1}
              allowNegative={false}
              {...form.getInputProps('threshold_deg')}
            />
            <Select
              label="Recalibrations allowed"
              data={RECALIBRATION_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('max_recalibrations')}
            />
            <Select
              label="When gaze stays too inaccurate"
              data={FAILURE_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('on_failure')}
            />
            <Checkbox
              label="Store gaze without a passed calibration (flagged)"
              {...form.getInputProps('gaze_without_validation', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>
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
        Participants take part in their own browser: consent, a camera check, a calibration, the test and its
        questions. A panel's id on the link (PROLIFIC_PID or participant_id) goes back with the redirect.
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
