import '@mantine/dates/styles.css';
import {
  type Contract,
  DEFAULT_BUNDLE_AMOUNT,
  DEFAULT_BUNDLE_TYPE,
  TEST_TYPE_NAMES,
  TEST_TYPES,
  type TestType,
} from '@limbus/contract';
import { Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { FormEvent, ReactNode } from 'react';
import { DATE_FORMAT } from '../../../ui';
import type { useContractMutations } from '../api';

type Mutations = ReturnType<typeof useContractMutations>;
const toMonths = (value: string | number) =>
  typeof value === 'number' ? value : Number.parseInt(value, 10) || 0;
const showError = (error: Error) => notifications.show({ color: 'red', message: error.message });

function FormPanel({
  title,
  onSubmit,
  children,
}: {
  title: string;
  /** A Mantine form's submit handler. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" bg="var(--mantine-color-gray-0)">
      <form onSubmit={onSubmit} aria-label={title}>
        <Stack gap="sm">
          <Title order={3} fz={16}>
            {title}
          </Title>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}

/** No contract yet: a number of months and 'Add contract' (starts today). */
export function AddContractForm({ mutations }: { mutations: Mutations }) {
  const form = useForm<{ months: string | number }>({ initialValues: { months: 12 } });
  const months = toMonths(form.values.months);
  const valid = months >= 1;
  return (
    <FormPanel
      title="No contract yet"
      onSubmit={form.onSubmit(() => {
        if (valid) mutations.create.mutate(months, { onError: showError });
      })}
    >
      <Group align="flex-end">
        <NumberInput
          label="Months"
          min={1}
          max={120}
          allowDecimal={false}
          {...form.getInputProps('months')}
          w={140}
        />
        <Button type="submit" loading={mutations.create.isPending} disabled={!valid}>
          Add contract
        </Button>
      </Group>
    </FormPanel>
  );
}

/** 'Add products': an amount and a type, added as a bundle to the latest contract. */
export function AddProductsForm({
  contractId,
  mutations,
  onClose,
}: {
  contractId: number;
  mutations: Mutations;
  onClose: () => void;
}) {
  const form = useForm<{ amount: string | number; type: TestType }>({
    initialValues: { amount: DEFAULT_BUNDLE_AMOUNT, type: DEFAULT_BUNDLE_TYPE },
  });
  const { type } = form.values;
  const tests = toMonths(form.values.amount);
  const handleSubmit = () => {
    if (tests < 1) return;
    mutations.addBundle.mutate(
      { contract_id: contractId, test_type: type, tests },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: `${tests} ${TEST_TYPE_NAMES[type]} ${tests === 1 ? 'test' : 'tests'} added.`,
          });
          onClose();
        },
        onError: showError,
      },
    );
  };
  return (
    <FormPanel title="Add products" onSubmit={form.onSubmit(handleSubmit)}>
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label="Amount"
          min={1}
          max={10000}
          allowDecimal={false}
          {...form.getInputProps('amount')}
          w={140}
        />
        <Select
          label="Type"
          data={TEST_TYPES.map((value) => ({ value, label: TEST_TYPE_NAMES[value] }))}
          value={type}
          onChange={(value) =>
            form.setFieldValue('type', value === 'essential' ? 'essential' : 'professional')
          }
          w={180}
        />
        <Button type="submit" loading={mutations.addBundle.isPending} disabled={tests < 1}>
          Add
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </FormPanel>
  );
}

/** Edits a selected contract's dates (DD-MM-YYYY). */
export function ContractEditForm({
  contract,
  mutations,
  onClose,
}: {
  contract: Contract;
  mutations: Mutations;
  onClose: () => void;
}) {
  const form = useForm<{ start: string | null; end: string | null }>({
    initialValues: { start: contract.start_date, end: contract.end_date },
  });
  const { start, end } = form.values;
  const invalid = !start || !end || start >= end;
  const handleSubmit = () => {
    if (invalid) return;
    mutations.update.mutate(
      { contract, start_date: start, end_date: end },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'The contract has been saved.' });
          onClose();
        },
        onError: showError,
      },
    );
  };
  return (
    <FormPanel title="Edit contract" onSubmit={form.onSubmit(handleSubmit)}>
      <Group align="flex-start" wrap="wrap">
        <DatePickerInput
          label="Start date"
          valueFormat={DATE_FORMAT}
          {...form.getInputProps('start')}
          w={180}
        />
        <DatePickerInput
          label="End date"
          valueFormat={DATE_FORMAT}
          {...form.getInputProps('end')}
          minDate={start ?? undefined}
          w={180}
          error={start && end && start >= end ? 'The end date must come after the start date' : undefined}
        />
      </Group>
      <Group>
        <Button type="submit" loading={mutations.update.isPending} disabled={invalid}>
          Save
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </FormPanel>
  );
}

/** Renew: moves the end date forward by N months from the current end date. */
export function RenewForm({
  contract,
  mutations,
  onClose,
}: {
  contract: Contract;
  mutations: Mutations;
  onClose: () => void;
}) {
  const form = useForm<{ months: string | number }>({ initialValues: { months: 12 } });
  const count = toMonths(form.values.months);
  const handleSubmit = () => {
    if (count < 1) return;
    mutations.renew.mutate(
      { contractId: contract.id, months: count },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'The contract has been renewed.' });
          onClose();
        },
        onError: showError,
      },
    );
  };
  return (
    <FormPanel title="Renew contract" onSubmit={form.onSubmit(handleSubmit)}>
      <Text size="sm" c="dimmed">
        The months are added to the current end date.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label="Months"
          min={1}
          max={120}
          allowDecimal={false}
          {...form.getInputProps('months')}
          w={140}
        />
        <Button type="submit" loading={mutations.renew.isPending} disabled={count < 1}>
          Add {count} {count === 1 ? 'month' : 'months'}
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </FormPanel>
  );
}
