import {
  RETENTION_DEFAULTS,
  RETENTION_KIND_EXPLANATIONS,
  RETENTION_KIND_NAMES,
  RETENTION_MAX_DAYS,
  type RetentionPolicy,
  retentionPolicyWrite,
} from '@limbus/contract';
import { Badge, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isApiError } from '../../../api';
import {
  BlockSkeleton,
  ErrorAlert,
  formatCount,
  formatDateTime,
  pickFieldErrors,
  SaveRow,
  zodValidate,
} from '../../../ui';
import { useRetentionPolicy, useSaveRetentionPolicy } from '../api';

/** The periods a staff member sets; derived results have none (kept as long as the test). */
const periodsSchema = retentionPolicyWrite.omit({ derived_days: true });
type Values = { recordings_days: number; streams_days: number };
const FIELDS = ['recordings_days', 'streams_days'] as const;

const days = (count: number) => `${formatCount(count)} ${count === 1 ? 'day' : 'days'}`;

/**
 * The 'Retention' section of /admin/companies/{id}: how long each kind of participant data is
 * kept, with what each covers and the defaults; staff change the periods (`canEdit`), a company
 * admin reads them.
 */
export function RetentionPolicySection({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const policy = useRetentionPolicy(companyId);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="retention-title">
      <Group justify="space-between" align="flex-start" mb={4}>
        <Title order={2} fz={18} id="retention-title">
          Retention
        </Title>
        {policy.data ? (
          <Badge variant="light" color={policy.data.is_default ? 'gray' : 'indigo'}>
            {policy.data.is_default ? 'Defaults' : 'Own policy'}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        How long participants' data is kept. Every night Limbus deletes what is due, from the database and the
        file store, and notes on each participant what was removed and when; the screens then say so.
      </Text>
      {policy.isLoading ? <BlockSkeleton height={220} /> : null}
      {policy.isError ? (
        <ErrorAlert error={policy.error} title="The retention policy could not be loaded" />
      ) : null}
      {policy.data ? (
        canEdit ? (
          <RetentionForm companyId={companyId} policy={policy.data} />
        ) : (
          <RetentionSummary policy={policy.data} />
        )
      ) : null}
    </Paper>
  );
}

function KindHeading({ kind }: { kind: keyof typeof RETENTION_KIND_NAMES }) {
  return (
    <>
      <Text fw={600} size="sm">
        {RETENTION_KIND_NAMES[kind]}
      </Text>
      <Text size="xs" c="dimmed">
        {RETENTION_KIND_EXPLANATIONS[kind]}
      </Text>
    </>
  );
}

function Changed({ policy }: { policy: RetentionPolicy }) {
  if (policy.is_default || policy.updated_at === null) return null;
  return (
    <Text size="xs" c="dimmed">
      Changed {formatDateTime(policy.updated_at)}
      {policy.updated_by ? ` by ${policy.updated_by}` : ''}
    </Text>
  );
}

/** The policy as text, for company admins. */
function RetentionSummary({ policy }: { policy: RetentionPolicy }) {
  return (
    <Stack gap="md">
      {(
        [
          ['recordings', days(policy.recordings_days), 'after the test is done'],
          ['streams', days(policy.streams_days), 'after the recording'],
          ['derived', 'As long as the test', ''],
        ] as const
      ).map(([kind, period, from]) => (
        <div key={kind}>
          <KindHeading kind={kind} />
          <Text size="sm" mt={4}>
            {period} {from}
          </Text>
        </div>
      ))}
      <Changed policy={policy} />
    </Stack>
  );
}

function RetentionForm({ companyId, policy }: { companyId: number; policy: RetentionPolicy }) {
  const save = useSaveRetentionPolicy(companyId);
  const form = useForm<Values>({
    initialValues: { recordings_days: policy.recordings_days, streams_days: policy.streams_days },
    validate: zodValidate(periodsSchema),
  });
  const { values } = form;
  const isDirty =
    values.recordings_days !== policy.recordings_days || values.streams_days !== policy.streams_days;
  const hasFieldError = Object.values(form.errors).some(Boolean);

  const submit = form.onSubmit((periods) =>
    save.mutate(
      { ...periods, derived_days: null },
      {
        onSuccess: (saved) =>
          form.setInitialValues({ recordings_days: saved.recordings_days, streams_days: saved.streams_days }),
        onError: (error) => {
          if (isApiError(error)) form.setErrors(pickFieldErrors<Values>(error.fieldErrors(), FIELDS));
        },
      },
    ),
  );
  const applyDefaults = () =>
    form.setValues({
      recordings_days: RETENTION_DEFAULTS.recordings_days,
      streams_days: RETENTION_DEFAULTS.streams_days,
    });

  const dayInput = (field: keyof Values, label: string, defaultDays: number) => (
    <NumberInput
      label={label}
      description={`Default ${days(defaultDays)}`}
      suffix=" days"
      allowDecimal={false}
      allowNegative={false}
      min={1}
      max={RETENTION_MAX_DAYS}
      clampBehavior="none"
      thousandSeparator=","
      w={{ base: '100%', xs: 220 }}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} aria-label="Retention policy" noValidate>
      <Stack gap="lg">
        <Stack gap="xs">
          <div>
            <KindHeading kind="recordings" />
          </div>
          {dayInput('recordings_days', 'Days after the test is done', RETENTION_DEFAULTS.recordings_days)}
        </Stack>
        <Stack gap="xs">
          <div>
            <KindHeading kind="streams" />
          </div>
          {dayInput('streams_days', 'Days after the recording', RETENTION_DEFAULTS.streams_days)}
        </Stack>
        <div>
          <KindHeading kind="derived" />
          <Text size="sm" mt={4}>
            As long as the test
          </Text>
        </div>
        <Changed policy={policy} />
        <SaveRow
          isSaving={save.isPending}
          isSaved={save.isSuccess}
          isDirty={isDirty}
          error={save.isError && !hasFieldError ? save.error.message : null}
        >
          <Button variant="subtle" onClick={applyDefaults} type="button">
            Use the defaults
          </Button>
        </SaveRow>
      </Stack>
    </form>
  );
}
