import {
  getsProfessionalData,
  mayOpenResults,
  type ProfessionalData,
  readsIndividualParticipants,
  VIDEO_RESULT_MESSAGES,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import { type Action, type Actor, type ResourceOf, readerOf } from '../../http/policy.js';
import { findTestOwner, type TestAccessRow } from './test-access.repository.js';

/**
 * Access to a test and its results: the one gate every module that reads or changes a test's data
 * passes (policy actions from http/policy.ts, results rules from packages/contract).
 */

export type { TestAccessRow };

/** The policy actions whose resource is a test. */
type TestAction = { [A in Action]: ResourceOf<A> extends { companyId: number } ? A : never }[Action];

/** The test, when it exists and the actor sees it (else 404, alike) and may do `action` on it (403). */
export function testFor(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  testId: number,
  action: TestAction = 'test.read',
): Promise<TestAccessRow> {
  return loadFor(actor, action, 'The test', findTestOwner(deps.db, testId));
}

/**
 * A record that belongs to a test (a tag, a section, an answer…): the record, or `not_found`
 * naming `what`, then the test's own 404 and 403 for `action`.
 */
export async function ofTestFor<R extends { testId: number }>(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  what: string,
  load: Promise<R | null | undefined>,
  action: TestAction = 'test.read',
): Promise<R> {
  const record = await load;
  if (!record) throw notFound(what);
  await testFor(deps, actor, record.testId, action);
  return record;
}

const PROFESSIONAL_DATA_NAMES: Record<ProfessionalData, string> = {
  pages: 'Pages',
  tags: 'Tags',
  journey: 'The journey',
  benchmark: 'The benchmark',
  'section-video': 'Section videos',
};

/**
 * A test whose results the actor reads (packages/contract results-access.ts, the rules the web's
 * redirects follow): client users only once it is done, and Professional data (`data`) only of
 * Professional tests; provider staff always.
 */
export async function resultsTestFor(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  testId: number,
  data?: ProfessionalData,
): Promise<TestAccessRow> {
  const test = await testFor(deps, actor, testId);
  const reader = readerOf(actor);
  if (!mayOpenResults(reader, test)) throw forbidden('The results of this test are not ready yet');
  if (data && !getsProfessionalData(reader, { test_type: test.testType }))
    throw forbidden(
      `${PROFESSIONAL_DATA_NAMES[data]} are part of Professional tests: upgrade this test to see them`,
    );
  return test;
}

/** Whether the actor reads every insight of the test, or an Essential test's first ones only. */
export const readsAllInsights = (actor: Actor, test: Pick<TestAccessRow, 'testType'>) =>
  getsProfessionalData(readerOf(actor), { test_type: test.testType });

/** Refuses a video test's individual participants to a reader without the add-on (403). */
export function assertIndividualParticipants(actor: Actor, test: TestAccessRow): void {
  if (!readsIndividualParticipants(readerOf(actor), test))
    throw forbidden(VIDEO_RESULT_MESSAGES.individualLocked);
}

/** 404 unless the test exists (for callers that are not an actor: a test setup, the demo seed). */
export async function assertTestExists(deps: Pick<Deps, 'db'>, testId: number): Promise<void> {
  if (!(await findTestOwner(deps.db, testId))) throw notFound('The test');
}
