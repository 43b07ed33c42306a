import {
  type Cohort,
  type Label,
  type LabelMatchType,
  type LabelWithMetrics,
  placeSection,
  type Section,
  type SignificantPoint,
  type Tag,
  type TagWithPoints,
} from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/policy.js';
import { createAiProvider } from '../ai/create-ai-provider.js';
import { translationOnSave } from '../ai/translation.service.js';
import { pageMetricsOf, queueTestMetrics } from '../ingestion/analysis.js';
import { toSection, toSignificantPoint } from '../participants/participants.mappers.js';
import {
  findSectionRow,
  listSignificantPointRows,
  listTestPointRows,
  pointsShownTo,
} from '../participants/participants.service.js';
import { ofTestFor, resultsTestFor, testFor } from '../test-access/test-access.service.js';
import {
  type StoredPageMetrics,
  toLabel,
  toLabelWithMetrics,
  toTag,
  toTagWithPoints,
} from './annotations.mappers.js';
import {
  countTestTags,
  deleteLabelRow,
  deleteSectionRow,
  deleteTagRow,
  findLabelRow,
  findParticipantOwner,
  findPointOwner,
  findSectionOwner,
  findTagRow,
  insertLabelRow,
  insertSectionRow,
  insertTagRow,
  type LabelValues,
  listLabelRows,
  listSectionSpans,
  listTagRows,
  lockParticipant,
  replacePointTags,
  type SectionValues,
  type TagValues,
  updateLabelRow,
  updatePointRow,
  updateSectionRow,
  updateTagRow,
} from './annotations.repository.js';

const nameTaken = () => AppError.fieldError('conflict', 'name', 'This test has a tag of this name already');

// ── tags ──

/** The test's tags with their points (spec 3 §3 Tag): Professional data of a test's results. */
export async function listTags(
  deps: Deps,
  actor: Actor,
  testId: number,
  cohort: Cohort = 'all',
): Promise<{ tags: TagWithPoints[] }> {
  await resultsTestFor(deps, actor, testId, 'tags');
  const [rows, points] = await Promise.all([
    listTagRows(deps.db, testId),
    listTestPointRows(deps.db, testId, cohort),
  ]);
  const answers = points.map(toSignificantPoint);
  return { tags: rows.map((row) => toTagWithPoints(row, answers)) };
}

export async function createTag(
  deps: Deps,
  actor: Actor,
  testId: number,
  input: { name: string; description?: string | undefined },
): Promise<Tag> {
  await testFor(deps, actor, testId, 'test.annotate');
  const row = await insertTagRow(deps.db, testId, { ...tagValues(input), name: input.name });
  if (!row) throw nameTaken();
  return toTag(row);
}

type TagInput = { name?: string | undefined; description?: string | undefined };

const tagValues = (input: TagInput): TagValues => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
});

/** A tag of a test the actor may annotate (404 when there is none). */
const writableTag = (deps: Deps, actor: Actor, id: number) =>
  ofTestFor(deps, actor, 'The tag', findTagRow(deps.db, id), 'test.annotate');

export async function updateTag(deps: Deps, actor: Actor, id: number, input: TagInput): Promise<Tag> {
  const tag = await writableTag(deps, actor, id);
  const row = await updateTagRow(deps.db, tag, tagValues(input));
  if (!row) throw nameTaken();
  await queueTestMetrics(deps.db, tag.testId, deps.clock());
  return toTag(row);
}

export async function removeTag(deps: Deps, actor: Actor, id: number): Promise<void> {
  const tag = await writableTag(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    await deleteTagRow(tx, id);
    await queueTestMetrics(tx, tag.testId, deps.clock());
  });
}

// ── labels ──

type LabelInput = {
  name?: string | undefined;
  urls?: string[] | undefined;
  match_type?: LabelMatchType | undefined;
};

const labelValues = (input: LabelInput): LabelValues => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.urls !== undefined ? { urls: input.urls } : {}),
  ...(input.match_type !== undefined ? { matchType: input.match_type } : {}),
});

/** The test's pages with their metrics (spec 3 §3 Label): Professional data of a test's results. */
export async function listLabels(
  deps: Deps,
  actor: Actor,
  testId: number,
  cohort: Cohort = 'all',
): Promise<{ data: { labels: LabelWithMetrics[] } }> {
  await resultsTestFor(deps, actor, testId, 'pages');
  const [rows, stored, points] = await Promise.all([
    listLabelRows(deps.db, testId),
    pageMetricsOf(deps, testId, cohort),
    listTestPointRows(deps.db, testId, cohort),
  ]);
  const metricsById = new Map(
    (Array.isArray(stored) ? (stored as StoredPageMetrics[]) : []).map((page) => [page.id, page]),
  );
  const shown = pointsShownTo(actor, points.map(toSignificantPoint));
  const pointById = new Map(shown.map((point) => [point.id, point]));
  return {
    data: { labels: rows.map((row) => toLabelWithMetrics(row, metricsById.get(row.id), pointById)) },
  };
}

export async function createLabel(
  deps: Deps,
  actor: Actor,
  testId: number,
  input: LabelInput & { name: string },
): Promise<Label> {
  await testFor(deps, actor, testId, 'test.annotate');
  return deps.db.transaction(async (tx) => {
    const row = await insertLabelRow(tx, testId, { ...labelValues(input), name: input.name });
    await queueTestMetrics(tx, testId, deps.clock());
    return toLabel(row);
  });
}

export async function updateLabel(
  deps: Deps,
  actor: Actor,
  testId: number,
  id: number,
  input: LabelInput,
): Promise<Label> {
  await testFor(deps, actor, testId, 'test.annotate');
  if (!(await findLabelRow(deps.db, testId, id))) throw notFound('The page title');
  return deps.db.transaction(async (tx) => {
    const row = await updateLabelRow(tx, id, labelValues(input));
    if (!row) throw notFound('The page title');
    await queueTestMetrics(tx, testId, deps.clock());
    return toLabel(row);
  });
}

export async function removeLabel(deps: Deps, actor: Actor, testId: number, id: number): Promise<void> {
  await testFor(deps, actor, testId, 'test.annotate');
  await deps.db.transaction(async (tx) => {
    if (!(await deleteLabelRow(tx, testId, id))) throw notFound('The page title');
    await queueTestMetrics(tx, testId, deps.clock());
  });
}

// ── significant points ──

async function pointAnswer(db: Executor, participantId: number, id: number): Promise<SignificantPoint> {
  const point = (await listSignificantPointRows(db, participantId)).find((row) => row.id === id);
  if (!point) throw notFound('The significant point');
  return toSignificantPoint(point);
}

const ownedPoint = (deps: Deps, actor: Actor, id: number, write: boolean) =>
  ofTestFor(
    deps,
    actor,
    'The significant point',
    findPointOwner(deps.db, id),
    write ? 'test.annotate' : 'test.read',
  );

export async function getSignificantPoint(deps: Deps, actor: Actor, id: number): Promise<SignificantPoint> {
  const point = await ownedPoint(deps, actor, id, false);
  return pointAnswer(deps.db, point.participantId, id);
}

export type PointChange = {
  comment?: string | undefined;
  translation?: string | undefined;
  false_positive?: boolean | undefined;
  tag_ids?: number[] | undefined;
};

/**
 * A changed comment without a typed translation is translated when the test has translation on
 * (the old translation was of the old text); an unchanged one keeps its translation.
 */
async function newTranslation(
  deps: Deps,
  point: { testId: number; participantId: number },
  comment: string | undefined,
) {
  if (comment === undefined) return undefined;
  return translationOnSave(deps, createAiProvider(deps.config.ai), point, comment);
}

/** Changes a point and marks it edited, so that a recomputation of the points keeps it. */
export async function updateSignificantPoint(
  deps: Deps,
  actor: Actor,
  id: number,
  change: PointChange,
): Promise<SignificantPoint> {
  const point = await ownedPoint(deps, actor, id, true);
  const tagIds = change.tag_ids ? [...new Set(change.tag_ids)] : undefined;
  if (tagIds && (await countTestTags(deps.db, point.testId, tagIds)) !== tagIds.length)
    throw AppError.fieldError('validation', 'tag_ids', 'Every tag must be a tag of the same test');
  const changedComment = change.comment !== point.comment ? change.comment : undefined;
  const translation = change.translation ?? (await newTranslation(deps, point, changedComment));
  await deps.db.transaction(async (tx) => {
    await updatePointRow(tx, id, {
      ...(change.comment !== undefined ? { comment: change.comment } : {}),
      ...(translation !== undefined ? { translation } : {}),
      ...(change.false_positive !== undefined ? { falsePositive: change.false_positive } : {}),
    });
    if (tagIds) await replacePointTags(tx, id, tagIds);
    if (tagIds || change.false_positive !== undefined) await queueTestMetrics(tx, point.testId, deps.clock());
  });
  return pointAnswer(deps.db, point.participantId, id);
}

// ── sections ──

type SectionInput = {
  timestamp_start?: number;
  timestamp_end?: number;
  label_id?: number | null | undefined;
};

async function sectionAnswer(db: Executor, id: number): Promise<Section> {
  const row = await findSectionRow(db, id);
  if (!row) throw notFound('The section');
  return toSection(row);
}

/** The label, when given, must be a page title of the participant's test. */
async function checkLabel(db: Executor, testId: number, labelId: number | null) {
  if (labelId !== null && !(await findLabelRow(db, testId, labelId)))
    throw AppError.fieldError('validation', 'label_id', 'The page title must belong to the same test');
}

/**
 * Places the section among the participant's others by the editor's rules (placeSection):
 * errors answer 400 with the spec's message; partial overlaps are fixed.
 */
async function placed(tx: Executor, participantId: number, exceptId: number | null, values: SectionValues) {
  const others = await listSectionSpans(tx, participantId, exceptId);
  const placement = placeSection({ start: values.timestampStart, end: values.timestampEnd }, others);
  if (!placement.ok) throw AppError.fieldError('validation', 'section', placement.message);
  return { ...values, timestampStart: placement.start, timestampEnd: placement.end };
}

const writableSection = (deps: Deps, actor: Actor, id: number) =>
  ofTestFor(deps, actor, 'The section', findSectionOwner(deps.db, id), 'test.annotate');

export async function createSection(
  deps: Deps,
  actor: Actor,
  input: SectionInput & { participant_id: number; timestamp_start: number; timestamp_end: number },
): Promise<Section> {
  await ofTestFor(
    deps,
    actor,
    'The participant',
    findParticipantOwner(deps.db, input.participant_id),
    'test.annotate',
  );
  return deps.db.transaction(async (tx) => {
    const participant = await lockParticipant(tx, input.participant_id);
    if (!participant) throw notFound('The participant');
    const labelId = input.label_id ?? null;
    await checkLabel(tx, participant.testId, labelId);
    const values = await placed(tx, participant.id, null, {
      timestampStart: input.timestamp_start,
      timestampEnd: input.timestamp_end,
      labelId,
    });
    return sectionAnswer(tx, await insertSectionRow(tx, participant.id, values));
  });
}

export async function updateSection(
  deps: Deps,
  actor: Actor,
  id: number,
  input: SectionInput,
): Promise<Section> {
  const owner = await writableSection(deps, actor, id);
  return deps.db.transaction(async (tx) => {
    await lockParticipant(tx, owner.participantId);
    const current = await findSectionOwner(tx, id);
    if (!current) throw notFound('The section');
    const labelId = input.label_id === undefined ? current.labelId : input.label_id;
    await checkLabel(tx, current.testId, labelId);
    const values = await placed(tx, current.participantId, id, {
      timestampStart: input.timestamp_start ?? current.timestampStart,
      timestampEnd: input.timestamp_end ?? current.timestampEnd,
      labelId,
    });
    await updateSectionRow(tx, id, values);
    return sectionAnswer(tx, id);
  });
}

export async function removeSection(deps: Deps, actor: Actor, id: number): Promise<void> {
  await writableSection(deps, actor, id);
  await deleteSectionRow(deps.db, id);
}

// For section clips, which cut the sections of one page title.
export { findLabelRow } from './annotations.repository.js';
