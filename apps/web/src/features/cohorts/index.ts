export { CohortFilter, hasBothCohorts } from './cohort-filter';
export {
  COHORT_PARAM,
  cohortOf,
  cohortParam,
  cohortSearch,
  participantsHeading,
  participantsOfCohort,
  useCohort,
} from './use-cohort';
