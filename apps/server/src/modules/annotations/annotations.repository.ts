import type { LabelMatchType } from '@limbus/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  labels,
  participants,
  sections,
  significantPoints,
  significantPointTags,
  tags,
} from '../../db/schema.js';

// ── tags ──

export type TagRow = typeof tags.$inferSelect;

export async function listTagRows(db: Executor, testId: number): Promise<TagRow[]> {
  return db.select().from(tags).where(eq(tags.testId, testId)).orderBy(asc(tags.name), asc(tags.id));
}

export async function findTagRow(db: Executor, id: number): Promise<TagRow | null> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id));
  return row ?? null;
}

export type TagValues = { name?: string; description?: string };

/** Inserts the tag; null when the test has a tag of that name (case-insensitive) already. */
export async function insertTagRow(
  db: Executor,
  testId: number,
  values: TagValues & { name: string },
): Promise<TagRow | null> {
  const [row] = await db
    .insert(tags)
    .values({ testId, ...values })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Changes the tag's name and description; null when another tag of the test has that name. */
export async function updateTagRow(db: Executor, tag: TagRow, values: TagValues): Promise<TagRow | null> {
  if (values.name !== undefined) {
    const [clash] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(
        and(
          eq(tags.testId, tag.testId),
          ne(tags.id, tag.id),
          sql`lower(${tags.name}) = lower(${values.name})`,
        ),
      );
    if (clash) return null;
  }
  const [row] = await db.update(tags).set(values).where(eq(tags.id, tag.id)).returning();
  return row ?? null;
}

export async function deleteTagRow(db: Executor, id: number): Promise<void> {
  await db.delete(tags).where(eq(tags.id, id));
}

/** How many of `ids` are tags of the test. */
export async function countTestTags(db: Executor, testId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.testId, testId), inArray(tags.id, ids)));
  return rows.length;
}

// ── labels ──

export type LabelRow = typeof labels.$inferSelect;

export async function listLabelRows(db: Executor, testId: number): Promise<LabelRow[]> {
  return db.select().from(labels).where(eq(labels.testId, testId)).orderBy(asc(labels.name), asc(labels.id));
}

export async function findLabelRow(db: Executor, testId: number, id: number): Promise<LabelRow | null> {
  const [row] = await db
    .select()
    .from(labels)
    .where(and(eq(labels.id, id), eq(labels.testId, testId)));
  return row ?? null;
}

export type LabelValues = { name?: string; urls?: string[]; matchType?: LabelMatchType };

export async function insertLabelRow(
  db: Executor,
  testId: number,
  values: LabelValues & { name: string },
): Promise<LabelRow> {
  const [row] = await db
    .insert(labels)
    .values({ testId, name: values.name, urls: values.urls ?? [], matchType: values.matchType })
    .returning();
  if (!row) throw new Error('insert into labels returned no row');
  return row;
}

export async function updateLabelRow(
  db: Executor,
  id: number,
  values: LabelValues,
): Promise<LabelRow | null> {
  const [row] = await db.update(labels).set(values).where(eq(labels.id, id)).returning();
  return row ?? null;
}

export async function deleteLabelRow(db: Executor, testId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(labels)
    .where(and(eq(labels.id, id), eq(labels.testId, testId)))
    .returning({ id: labels.id });
  return removed.length > 0;
}

// ── significant points ──

/** The point with the test it belongs to (through its participant). */
export async function findPointOwner(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: significantPoints.id,
      participantId: significantPoints.participantId,
      comment: significantPoints.comment,
      testId: participants.testId,
    })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(eq(significantPoints.id, id));
  return row ?? null;
}

export async function updatePointRow(
  db: Executor,
  id: number,
  values: { comment?: string; translation?: string; falsePositive?: boolean },
): Promise<void> {
  await db
    .update(significantPoints)
    .set({ ...values, edited: true })
    .where(eq(significantPoints.id, id));
}

export async function replacePointTags(db: Executor, pointId: number, tagIds: number[]): Promise<void> {
  await db.delete(significantPointTags).where(eq(significantPointTags.significantPointId, pointId));
  if (tagIds.length > 0)
    await db
      .insert(significantPointTags)
      .values(tagIds.map((tagId) => ({ significantPointId: pointId, tagId })))
      .onConflictDoNothing();
}

// ── sections ──

export type SectionOwnerRow = typeof sections.$inferSelect & { testId: number };

export async function findSectionOwner(db: Executor, id: number): Promise<SectionOwnerRow | null> {
  const [row] = await db
    .select({
      id: sections.id,
      participantId: sections.participantId,
      labelId: sections.labelId,
      timestampStart: sections.timestampStart,
      timestampEnd: sections.timestampEnd,
      testId: participants.testId,
    })
    .from(sections)
    .innerJoin(participants, eq(participants.id, sections.participantId))
    .where(eq(sections.id, id));
  return row ?? null;
}

export async function findParticipantOwner(db: Executor, participantId: number) {
  const [row] = await db
    .select({ id: participants.id, testId: participants.testId })
    .from(participants)
    .where(eq(participants.id, participantId));
  return row ?? null;
}

/** Locks the participant's row: section writes of one participant run one after another. */
export async function lockParticipant(db: Executor, participantId: number) {
  const [row] = await db
    .select({ id: participants.id, testId: participants.testId })
    .from(participants)
    .where(eq(participants.id, participantId))
    .for('update');
  return row ?? null;
}

/** The spans of the participant's sections but `exceptId`. */
export async function listSectionSpans(db: Executor, participantId: number, exceptId: number | null) {
  return db
    .select({ start: sections.timestampStart, end: sections.timestampEnd })
    .from(sections)
    .where(
      and(
        eq(sections.participantId, participantId),
        exceptId === null ? undefined : ne(sections.id, exceptId),
      ),
    );
}

export type SectionValues = { timestampStart: number; timestampEnd: number; labelId: number | null };

export async function insertSectionRow(db: Executor, participantId: number, values: SectionValues) {
  const [row] = await db
    .insert(sections)
    .values({ participantId, ...values })
    .returning({ id: sections.id });
  if (!row) throw new Error('insert into sections returned no row');
  return row.id;
}

export async function updateSectionRow(db: Executor, id: number, values: SectionValues): Promise<void> {
  await db.update(sections).set(values).where(eq(sections.id, id));
}

export async function deleteSectionRow(db: Executor, id: number): Promise<void> {
  await db.delete(sections).where(eq(sections.id, id));
}
