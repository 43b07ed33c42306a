import type { Cohort, TestDetail } from '@limbus/contract';
import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { SegmentedChoice } from '../../ui';
import { COHORT_PARAM, cohortOf } from './use-cohort';

const OPTIONS: { value: Cohort; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'lab', label: 'Lab' },
  { value: 'remote', label: 'Remote (webcam)' },
];

/** Whether a test has participants of both cohorts, so that choosing one means something. */
export const hasBothCohorts = (test: Pick<TestDetail, 'cohorts'>) =>
  test.cohorts.lab > 0 && test.cohorts.remote > 0;

/**
 * The results' choice of participants: all, the lab's or the remote ones. It lives in the
 * address (`?cohort=remote`), replacing the entry so that Back leaves the screen; shown only for
 * a test with both cohorts.
 */
export function CohortFilter({ test }: { test: Pick<TestDetail, 'cohorts'> }) {
  const [search, setSearch] = useSearchParams();
  const labelId = useId();
  if (!hasBothCohorts(test)) return null;
  const choose = (value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'all') next.delete(COHORT_PARAM);
        else next.set(COHORT_PARAM, value);
        return next;
      },
      { replace: true },
    );
  // its own row under the screens' links, which keep the whole width to themselves
  return (
    <Group gap="sm" mt={-8} mb="lg">
      <Text id={labelId} size="sm" fw={500}>
        Participants
      </Text>
      <SegmentedChoice
        aria-labelledby={labelId}
        size="sm"
        value={cohortOf(search)}
        onChange={choose}
        data={OPTIONS}
      />
    </Group>
  );
}
