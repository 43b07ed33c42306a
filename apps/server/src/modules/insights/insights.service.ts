import {
  ESSENTIAL_INSIGHTS,
  type INSIGHT_RICH_TEXT_FIELDS,
  INSIGHT_TEXT_PLACEHOLDER,
  type Insight,
  type InsightChanges,
  type NewInsight,
} from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { removeFilesAfterCommit } from '../../files/remove-files-after-commit.js';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/policy.js';
import { sanitizeRichText } from '../../rich-text/sanitize-rich-text.js';
import { tagsOfPoints } from '../participants/participants.service.js';
import { readsAllInsights, resultsTestFor, testFor } from '../test-access/test-access.service.js';
import { type LinkedPointRow, toInsightAnswer } from './insights.mappers.js';
import {
  deleteInsightRow,
  findInsightRow,
  findPointIdsOfTest,
  type InsightRow,
  type InsightValues,
  insertInsightRow,
  listInsightRows,
  listLinkedPoints,
  lockTestRow,
  replaceLinkedPoints,
  updateInsightRow,
} from './insights.repository.js';

/** Only the database is needed (the demo seed calls this service too). */
type DbDeps = Pick<Deps, 'db'>;

type InsightText = Omit<NewInsight, 'title'>;

async function existingInsight(deps: DbDeps, testId: number, id: number): Promise<InsightRow> {
  const insight = await findInsightRow(deps.db, testId, id);
  if (!insight) throw notFound('The insight');
  return insight;
}

/** The significant points linked to the insights, with their tags, in time order. */
export async function listLinkedPointRows(db: Executor, insightIds: number[]): Promise<LinkedPointRow[]> {
  const links = await listLinkedPoints(db, insightIds);
  const tagsOf = await tagsOfPoints(
    db,
    links.map(({ point }) => point.id),
  );
  return links.map(({ insightId, point, participantRealId }) => ({
    ...point,
    insightId,
    participantRealId,
    tags: tagsOf.get(point.id) ?? [],
  }));
}

async function toAnswers(deps: DbDeps, rows: InsightRow[]): Promise<Insight[]> {
  const points = await listLinkedPointRows(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toInsightAnswer(
      row,
      points.filter((point) => point.insightId === row.id),
    ),
  );
}

async function loadAnswer(deps: DbDeps, testId: number, id: number): Promise<Insight> {
  const [answer] = await toAnswers(deps, [await existingInsight(deps, testId, id)]);
  if (!answer) throw notFound('The insight');
  return answer;
}

/** The texts as stored: explanation, summary and suggestion are sanitized HTML. */
function toTextValues(input: InsightText): Partial<InsightValues> {
  const rich = (field: (typeof INSIGHT_RICH_TEXT_FIELDS)[number]) => {
    const value = input[field];
    return value === undefined ? undefined : sanitizeRichText(value);
  };
  const values: Partial<InsightValues> = {
    behaviorComment: input.behavior_comment,
    eegComment: input.eeg_comment,
    eyeTrackingComment: input.eye_tracking_comment,
    touchTrackingComment: input.touch_tracking_comment,
    explanation: rich('explanation'),
    summary: rich('summary'),
    suggestion: rich('suggestion'),
    focusPoint: input.focus_point,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/**
 * The test's insights, 1 first. Client users read them once the test is done; of an Essential
 * test, the first ESSENTIAL_INSIGHTS (the rest are Professional consultant findings).
 */
export async function listInsights(deps: DbDeps, actor: Actor, testId: number): Promise<Insight[]> {
  const test = await resultsTestFor(deps, actor, testId);
  const rows = await listInsightRows(deps.db, testId);
  const readable = readsAllInsights(actor, test)
    ? rows
    : rows.filter((row) => row.assignedId <= ESSENTIAL_INSIGHTS);
  return toAnswers(deps, readable);
}

export async function getInsight(deps: DbDeps, actor: Actor, testId: number, id: number): Promise<Insight> {
  const test = await resultsTestFor(deps, actor, testId);
  const insight = await loadAnswer(deps, testId, id);
  if (!readsAllInsights(actor, test) && insight.assigned_id > ESSENTIAL_INSIGHTS)
    throw forbidden(
      `Insight ${insight.assigned_id} is one of the extra consultant findings of Professional tests: upgrade this test to read it`,
    );
  return insight;
}

/** A new insight is numbered after the last; its comments, explanation and summary start as '...' (spec 2 §5). */
export async function createInsight(
  deps: DbDeps,
  actor: Actor,
  testId: number,
  input: NewInsight,
): Promise<Insight> {
  await testFor(deps, actor, testId, 'insight.manage');
  const { title, ...text } = input;
  const id = await deps.db.transaction(async (tx) => {
    await lockTestRow(tx, testId);
    return insertInsightRow(tx, testId, {
      title,
      behaviorComment: INSIGHT_TEXT_PLACEHOLDER,
      eegComment: INSIGHT_TEXT_PLACEHOLDER,
      eyeTrackingComment: INSIGHT_TEXT_PLACEHOLDER,
      touchTrackingComment: INSIGHT_TEXT_PLACEHOLDER,
      explanation: INSIGHT_TEXT_PLACEHOLDER,
      summary: INSIGHT_TEXT_PLACEHOLDER,
      suggestion: '',
      focusPoint: '',
      ...toTextValues(text),
    });
  });
  return loadAnswer(deps, testId, id);
}

/** Linked points and the highlight must be significant points of this test's participants. */
async function checkPoints(deps: DbDeps, testId: number, changes: InsightChanges): Promise<void> {
  const linked = [...new Set(changes.significant_points_ids ?? [])];
  const found = new Set(await findPointIdsOfTest(deps.db, testId, linked));
  if (linked.some((id) => !found.has(id)))
    throw AppError.fieldError(
      'validation',
      'significant_points_ids',
      'Link only significant points of the participants of this test',
    );
  const highlight = changes.highlight_id;
  if (highlight && (await findPointIdsOfTest(deps.db, testId, [highlight])).length === 0)
    throw AppError.fieldError(
      'validation',
      'highlight_id',
      'The highlight must be a significant point of this test',
    );
}

export async function updateInsight(
  deps: DbDeps,
  actor: Actor,
  testId: number,
  id: number,
  changes: InsightChanges,
): Promise<Insight> {
  await testFor(deps, actor, testId, 'insight.manage');
  await existingInsight(deps, testId, id);
  await checkPoints(deps, testId, changes);
  const { title, significant_points_ids: pointIds, highlight_id: highlightId, ...text } = changes;
  const values: Partial<InsightValues> = {
    ...toTextValues(text),
    ...(title === undefined ? {} : { title }),
    ...(highlightId === undefined ? {} : { highlightId }),
  };
  await deps.db.transaction(async (tx) => {
    if (Object.keys(values).length > 0 || pointIds) await updateInsightRow(tx, id, values);
    if (pointIds) await replaceLinkedPoints(tx, id, [...new Set(pointIds)]);
  });
  return loadAnswer(deps, testId, id);
}

/** The insights after the removed one move up a number: a test's insights stay numbered 1 to n. */
export async function deleteInsight(
  deps: Pick<Deps, 'db' | 'files' | 'log'>,
  actor: Actor,
  testId: number,
  id: number,
): Promise<void> {
  await testFor(deps, actor, testId, 'insight.manage');
  const reelFiles = await deps.db.transaction(async (tx) => {
    await lockTestRow(tx, testId);
    const insight = await findInsightRow(tx, testId, id);
    if (!insight) throw notFound('The insight');
    return deleteInsightRow(tx, testId, insight);
  });
  await removeFilesAfterCommit(deps, reelFiles, 'the file of a deleted evidence reel remains');
}

export type { LinkedPointRow } from './insights.mappers.js';
// For suggestions, which belong to an insight of their test and are numbered under the test's lock,
// and the AI's text about a saved insight.
export { findInsightRow, type InsightRow, lockTestRow } from './insights.repository.js';
