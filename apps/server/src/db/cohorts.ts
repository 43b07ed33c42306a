import { COHORT_SOURCE, type Cohort } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { participants } from './schema.js';

/**
 * The condition that keeps a cohort's participants (remote: source webcam), none for `all`: the
 * one place the results choose lab or remote participants.
 */
export const inCohort = (cohort: Cohort = 'all') =>
  cohort === 'all' ? undefined : eq(participants.source, COHORT_SOURCE[cohort]);
