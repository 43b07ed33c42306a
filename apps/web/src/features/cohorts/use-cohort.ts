import { COHORTS, type Cohort } from '@limbus/contract';
import { useSearchParams } from 'react-router';

/** The address's parameter that holds the results' cohort (`?cohort=remote`). */
export const COHORT_PARAM = 'cohort';

/** The cohort a search string names; `all` when it names none or one that is not a cohort. */
export function cohortOf(search: URLSearchParams): Cohort {
  const value = search.get(COHORT_PARAM);
  return COHORTS.find((cohort) => cohort === value) ?? 'all';
}

/** The results' cohort, read from the address so that it survives reloads and links. */
export function useCohort(): Cohort {
  const [search] = useSearchParams();
  return cohortOf(search);
}

/** The cohort as a results call's query takes it: left out for everyone, so that those calls stay as they were. */
export const cohortParam = (cohort: Cohort): Cohort | undefined => (cohort === 'all' ? undefined : cohort);

/** `?cohort=…` to keep on a link between results screens; '' for everyone. */
export function cohortSearch(cohort: Cohort): string {
  return cohort === 'all' ? '' : `?${COHORT_PARAM}=${cohort}`;
}

/** What a count of participants is of: '40 remote participants', '12 lab participants', '52 participants'. */
export function participantsOfCohort(count: number, cohort: Cohort): string {
  const noun = count === 1 ? 'participant' : 'participants';
  return cohort === 'all' ? `${count} ${noun}` : `${count} ${cohort} ${noun}`;
}

const COHORT_NAMES = { lab: 'Lab', remote: 'Remote' } as const;

/** A count's heading: 'Participants', 'Lab participants', 'Remote participants'. */
export const participantsHeading = (cohort: Cohort): string =>
  cohort === 'all' ? 'Participants' : `${COHORT_NAMES[cohort]} participants`;
