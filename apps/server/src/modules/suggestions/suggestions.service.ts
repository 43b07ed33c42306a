import type { NewSuggestion, Suggestion, SuggestionChanges } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/policy.js';
import { sanitizeRichText } from '../../rich-text/sanitize-rich-text.js';
import { findInsightRow, lockTestRow } from '../insights/insights.service.js';
import { resultsTestFor, testFor } from '../test-access/test-access.service.js';
import { toSuggestionAnswer } from './suggestions.mappers.js';
import {
  deleteSuggestionRow,
  findOwnerCandidate,
  findSuggestionRow,
  insertSuggestionRow,
  listSuggestionRows,
  moveSuggestionRow,
  type SuggestionValues,
  updateSuggestionRow,
} from './suggestions.repository.js';

/** Only the database is needed (the demo seed calls this service too). */
type DbDeps = Pick<Deps, 'db'>;

type TestOwner = { id: number; companyId: number };
type SuggestionFields = Omit<SuggestionChanges, 'rank'>;

async function loadAnswer(deps: DbDeps, testId: number, id: number): Promise<Suggestion> {
  const row = await findSuggestionRow(deps.db, testId, id);
  if (!row) throw notFound('The suggestion');
  return toSuggestionAnswer(row);
}

/** An owner is a user of the test's company or provider staff; a linked insight is one of the test's. */
async function checkReferences(deps: DbDeps, test: TestOwner, fields: SuggestionFields): Promise<void> {
  if (fields.owner_id) {
    const owner = await findOwnerCandidate(deps.db, fields.owner_id);
    const isStaffOwner =
      owner?.role === 'admin' || owner?.licenceAnalysis === true || owner?.licenceResearch === true;
    if (!owner || !(isStaffOwner || owner.companyId === test.companyId))
      throw AppError.fieldError(
        'validation',
        'owner_id',
        'The owner must be a user of this test’s company or of the provider’s staff',
      );
  }
  if (fields.insight_id && !(await findInsightRow(deps.db, test.id, fields.insight_id)))
    throw AppError.fieldError('validation', 'insight_id', 'The insight must be one of this test');
}

/** The values as stored: the suggestion and its additional info are sanitized HTML. */
function toValues(fields: SuggestionFields): Partial<SuggestionValues> {
  const values: Partial<SuggestionValues> = {
    title: fields.title,
    suggestion: fields.suggestion === undefined ? undefined : sanitizeRichText(fields.suggestion),
    additionalInfo:
      fields.additional_info === undefined ? undefined : sanitizeRichText(fields.additional_info),
    effort: fields.effort,
    impact: fields.impact,
    nextStep: fields.next_step,
    ownerId: fields.owner_id,
    insightId: fields.insight_id,
    done: fields.done,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** By rank, 1 first. */
export async function listSuggestions(deps: DbDeps, actor: Actor, testId: number): Promise<Suggestion[]> {
  await resultsTestFor(deps, actor, testId);
  return (await listSuggestionRows(deps.db, testId)).map(toSuggestionAnswer);
}

export async function getSuggestion(deps: DbDeps, actor: Actor, testId: number, id: number) {
  await resultsTestFor(deps, actor, testId);
  return loadAnswer(deps, testId, id);
}

/** A new suggestion goes last; its author is the signed-in user, whatever the body says (spec 2 §6). */
export async function createSuggestion(
  deps: DbDeps,
  actor: Actor,
  testId: number,
  input: NewSuggestion,
): Promise<Suggestion> {
  const test = await testFor(deps, actor, testId, 'suggestion.manage');
  const { author_id: _claimedAuthor, test_id: claimedTest, ...fields } = input;
  if (claimedTest !== undefined && claimedTest !== testId)
    throw AppError.fieldError('validation', 'test_id', 'This is not the test of the address');
  await checkReferences(deps, test, fields);
  const id = await deps.db.transaction(async (tx) => {
    await lockTestRow(tx, testId);
    return insertSuggestionRow(tx, testId, {
      ...toValues(fields),
      title: fields.title,
      authorId: actor.id,
    });
  });
  return loadAnswer(deps, testId, id);
}

/** Changes the fields given; a rank moves the suggestion there and renumbers the others from 1. */
export async function updateSuggestion(
  deps: DbDeps,
  actor: Actor,
  testId: number,
  id: number,
  changes: SuggestionChanges,
): Promise<Suggestion> {
  const test = await testFor(deps, actor, testId, 'suggestion.manage');
  const { rank, ...fields } = changes;
  await checkReferences(deps, test, fields);
  await deps.db.transaction(async (tx) => {
    await lockTestRow(tx, testId);
    if (!(await findSuggestionRow(tx, testId, id))) throw notFound('The suggestion');
    const values = toValues(fields);
    if (Object.keys(values).length > 0) await updateSuggestionRow(tx, id, values);
    if (rank !== undefined) await moveSuggestionRow(tx, testId, id, rank);
  });
  return loadAnswer(deps, testId, id);
}

/** The suggestions after the removed one move up: ranks stay 1 to n. */
export async function deleteSuggestion(
  deps: DbDeps,
  actor: Actor,
  testId: number,
  id: number,
): Promise<void> {
  await testFor(deps, actor, testId, 'suggestion.manage');
  await deps.db.transaction(async (tx) => {
    await lockTestRow(tx, testId);
    if (!(await findSuggestionRow(tx, testId, id))) throw notFound('The suggestion');
    await deleteSuggestionRow(tx, testId, id);
  });
}
