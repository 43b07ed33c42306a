import {
  type Label,
  type LabelMatchType,
  placeSection,
  type Section,
  type SignificantPoint,
  type Tag,
} from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { type Actor, authorize } from '../../http/policy.js';
import { queueTestMetrics } from '../ingestion/analysis.js';
import { toSection, toSignificantPoint } from '../participants/participants.mappers.js';
import { listSignificantPointRows } from '../participants/participants.repository.js';
import { readableTest } from '../participants/participants.service.js';
import { toLabel, toTag } from './annotations.mappers.js';
import {
  countTestTags,
  deleteLabelRow,
  deleteSectionRow,
  deleteTagRow,
  findLabelRow,
  findParticipantOwner,
  findPointOwner,
  findSectionOwner,
  findSectionRow,
  findTagRow,
  insertLabelRow,
  insertSectionRow,
  insertTagRow,
  type LabelValues,
  listLabelRows,
  listSectionSpans,
  listTagRows,
  lockParticipant,
  renameTagRow,
  replacePointTags,
  type SectionValues,
  updateLabelRow,
  updatePointRow,
  updateSectionRow,
} from './annotations.repository.js';

/** The test, when it exists, the actor may see it and (for `write`) annotate it. */
async function testFor(deps: Deps, actor: Actor, testId: number, write: boolean) {
  const test = await readableTest(deps, actor, testId);
  if (write) authorize(actor, 'test.annotate', test);
  return test;
}

const nameTaken = () => AppError.fieldError('conflict', 'name', 'This test has a tag of this name already');

// ── tags ──

export async function listTags(deps: Deps, actor: Actor, testId: number): Promise<{ tags: Tag[] }> {
  await testFor(deps, actor, testId, false);
  return { tags: (await listTagRows(deps.db, testId)).map(toTag) };
}

export async function createTag(deps: Deps, actor: Actor, testId: number, name: string): Promise<Tag> {
  await testFor(deps, actor, testId, true);
  const row = await insertTagRow(deps.db, testId, name);
  if (!row) throw nameTaken();
  return toTag(row);
}

/** A tag of a test the actor may annotate (404 when there is none). */
async function writableTag(deps: Deps, actor: Actor, id: number) {
  const tag = await findTagRow(deps.db, id);
  if (!tag) throw notFound('The tag');
  await testFor(deps, actor, tag.testId, true);
  return tag;
}

export async function renameTag(deps: Deps, actor: Actor, id: number, name: string): Promise<Tag> {
  const tag = await writableTag(deps, actor, id);
  const row = await renameTagRow(deps.db, tag, name);
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

export async function listLabels(deps: Deps, actor: Actor, testId: number) {
  await testFor(deps, actor, testId, false);
  return { data: { labels: (await listLabelRows(deps.db, testId)).map(toLabel) } };
}

export async function createLabel(
  deps: Deps,
  actor: Actor,
  testId: number,
  input: LabelInput & { name: string },
): Promise<Label> {
  await testFor(deps, actor, testId, true);
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
  await testFor(deps, actor, testId, true);
  if (!(await findLabelRow(deps.db, testId, id))) throw notFound('The page title');
  return deps.db.transaction(async (tx) => {
    const row = await updateLabelRow(tx, id, labelValues(input));
    if (!row) throw notFound('The page title');
    await queueTestMetrics(tx, testId, deps.clock());
    return toLabel(row);
  });
}

export async function removeLabel(deps: Deps, actor: Actor, testId: number, id: number): Promise<void> {
  await testFor(deps, actor, testId, true);
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

async function ownedPoint(deps: Deps, actor: Actor, id: number, write: boolean) {
  const point = await findPointOwner(deps.db, id);
  if (!point) throw notFound('The significant point');
  await testFor(deps, actor, point.testId, write);
  return point;
}

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
  await deps.db.transaction(async (tx) => {
    await updatePointRow(tx, id, {
      ...(change.comment !== undefined ? { comment: change.comment } : {}),
      ...(change.translation !== undefined ? { translation: change.translation } : {}),
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

export async function createSection(
  deps: Deps,
  actor: Actor,
  input: SectionInput & { participant_id: number; timestamp_start: number; timestamp_end: number },
): Promise<Section> {
  const owner = await findParticipantOwner(deps.db, input.participant_id);
  if (!owner) throw notFound('The participant');
  await testFor(deps, actor, owner.testId, true);
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
  const owner = await findSectionOwner(deps.db, id);
  if (!owner) throw notFound('The section');
  await testFor(deps, actor, owner.testId, true);
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
  const owner = await findSectionOwner(deps.db, id);
  if (!owner) throw notFound('The section');
  await testFor(deps, actor, owner.testId, true);
  await deleteSectionRow(deps.db, id);
}
