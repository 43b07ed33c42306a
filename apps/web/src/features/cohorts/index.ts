export { CohortFilter, hasBothCohorts } from './cohort-filter';
export {
  COHORT_PARAM,
  cohortOf,
  cohortParam,
  cohortSearch,
  participantsOfCohort,
  useCohort,
} from './use-cohort';
