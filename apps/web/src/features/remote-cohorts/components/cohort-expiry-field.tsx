import { REMOTE_COHORT_EXPIRY_DAYS, REMOTE_COHORT_MAX_DAYS } from '@limbus/contract';
import { Select, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { DATE_FORMAT } from '../../../ui';

/** The expiry choice: one of the contract's numbers of days, or `date` for a last day (`expires_on`). */
export const BY_DATE = 'date';
export type ExpiryValues = { expires_in_days: string; expires_on: string | null };

const EXPIRY_OPTIONS = [
  ...REMOTE_COHORT_EXPIRY_DAYS.map((days) => ({
    value: String(days),
    label: days === 1 ? 'After 1 day' : `After ${days} days`,
  })),
  { value: BY_DATE, label: 'On a date' },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The last days the server takes (`expires_on`, a UTC day through whose end the link works): today
 * in UTC at the earliest (its end lies ahead), and at the latest the day whose end stays within
 * REMOTE_COHORT_MAX_DAYS of now. UTC, not the researcher's own day: west of Greenwich in the
 * evening, the local day has already ended in UTC and the server would refuse it.
 */
export function expiryDateRange(now: number): { min: string; max: string } {
  return { min: isoDay(now), max: isoDay(now + (REMOTE_COHORT_MAX_DAYS - 1) * DAY_MS) };
}

/** 'Expires' (after a number of days, or on a date) and, for a date, its picker. */
export function CohortExpiryField<V extends ExpiryValues>({ form }: { form: UseFormReturnType<V> }) {
  const { min, max } = expiryDateRange(Date.now());
  const byDate = form.getValues().expires_in_days === BY_DATE;
  return (
    <Stack gap="xs">
      <Select
        label="Expires"
        data={EXPIRY_OPTIONS}
        allowDeselect={false}
        {...form.getInputProps('expires_in_days')}
      />
      {byDate && (
        <DatePickerInput
          label="Last day of the link"
          description={`The link works through the end of this day (UTC), at most ${REMOTE_COHORT_MAX_DAYS} days ahead.`}
          placeholder="Pick a day"
          valueFormat={DATE_FORMAT}
          minDate={min}
          maxDate={max}
          required
          {...form.getInputProps('expires_on')}
        />
      )}
    </Stack>
  );
}
