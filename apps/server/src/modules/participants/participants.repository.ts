import type { Cohort, Emotion, MomentKind, ParticipantType, StreamKindName } from '@limbus/contract';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inCohort } from '../../db/cohorts.js';
import {
  labels,
  moments,
  participantStreams,
  participants,
  sections,
  significantPoints,
  significantPointTags,
  tags,
  testSetups,
  tests,
} from '../../db/schema.js';

export type ParticipantRow = typeof participants.$inferSelect;
export type StreamRow = typeof participantStreams.$inferSelect;

export async function listParticipantRows(
  db: Executor,
  testId: number,
  type: ParticipantType,
  cohort: Cohort = 'all',
): Promise<ParticipantRow[]> {
  return db
    .select()
    .from(participants)
    .where(and(eq(participants.testId, testId), eq(participants.type, type), inCohort(cohort)))
    .orderBy(sql`${participants.startedAt} asc nulls last`, asc(participants.id));
}

/** The finished participants of type default of a test (recorded and complete), by id. */
export function listFinishedParticipantRows(db: Executor, testId: number, cohort: Cohort = 'all') {
  return selectFinishedParticipantRows(db, testId, { countedInMetrics: false, cohort });
}

/**
 * The finished participants of type default that count in the test's metrics: those a researcher
 * left out (excluded_from_metrics, for low data quality) do not; with a cohort, only its source.
 */
export function listMetricsParticipantRows(db: Executor, testId: number, cohort: Cohort = 'all') {
  return selectFinishedParticipantRows(db, testId, { countedInMetrics: true, cohort });
}

function selectFinishedParticipantRows(
  db: Executor,
  testId: number,
  only: { countedInMetrics: boolean; cohort?: Cohort },
) {
  return db
    .select({
      id: participants.id,
      startedAt: participants.startedAt,
      endedAt: participants.endedAt,
      source: participants.source,
    })
    .from(participants)
    .where(
      and(
        eq(participants.testId, testId),
        eq(participants.type, 'default'),
        eq(participants.state, 'finished'),
        only.countedInMetrics ? eq(participants.excludedFromMetrics, false) : undefined,
        inCohort(only.cohort),
      ),
    )
    .orderBy(asc(participants.id));
}

/** Sets whether a participant of the test counts in its metrics; null when it is not one of the test's. */
export async function setExcludedFromMetrics(
  db: Executor,
  testId: number,
  participantId: number,
  excluded: boolean,
): Promise<ParticipantRow | null> {
  const [row] = await db
    .update(participants)
    .set({ excludedFromMetrics: excluded })
    .where(and(eq(participants.id, participantId), eq(participants.testId, testId)))
    .returning();
  return row ?? null;
}

/** The participant `id` of test `testId`; null when there is none or it belongs to another test. */
export async function findParticipantRow(
  db: Executor,
  testId: number,
  id: number,
): Promise<ParticipantRow | null> {
  const [row] = await db
    .select()
    .from(participants)
    .where(and(eq(participants.id, id), eq(participants.testId, testId)));
  return row ?? null;
}

/** The result of video processing: the test's (latest) participant of type video_heatmap. */
export async function findVideoParticipantRow(db: Executor, testId: number): Promise<ParticipantRow | null> {
  const [row] = await db
    .select()
    .from(participants)
    .where(and(eq(participants.testId, testId), eq(participants.type, 'video_heatmap')))
    .orderBy(sql`${participants.id} desc`)
    .limit(1);
  return row ?? null;
}

/** Inserts the participant or, when the test already has one with this real_id, updates it. */
export async function upsertParticipantRow(
  db: Executor,
  values: Omit<typeof participants.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'favourite'>,
): Promise<number> {
  const { testId: _testId, realId: _realId, ...changes } = values;
  const [row] = await db
    .insert(participants)
    .values(values)
    .onConflictDoUpdate({
      target: [participants.testId, participants.realId],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning({ id: participants.id });
  if (!row) throw new Error('upsert into participants returned no row');
  return row.id;
}

export async function toggleFavouriteRow(db: Executor, testId: number, id: number) {
  const [row] = await db
    .update(participants)
    .set({ favourite: not(participants.favourite), updatedAt: sql`now()` })
    .where(and(eq(participants.id, id), eq(participants.testId, testId)))
    .returning();
  return row ?? null;
}

/** Names the participant's stored recording (after its file was moved into place). */
export async function setParticipantVideo(db: Executor, participantId: number, video: string): Promise<void> {
  await db
    .update(participants)
    .set({ video, updatedAt: sql`now()` })
    .where(eq(participants.id, participantId));
}

/** Removes the participant with its rows; answers its video key, or undefined when there was none. */
export async function deleteParticipantRow(
  db: Executor,
  testId: number,
  id: number,
): Promise<{ video: string | null } | undefined> {
  const [row] = await db
    .delete(participants)
    .where(and(eq(participants.id, id), eq(participants.testId, testId)))
    .returning({ video: participants.video });
  return row;
}

/** Participants of every test of a company, for removing their files with the company. */
export async function listParticipantFilesOfCompany(db: Executor, companyId: number) {
  return db
    .select({ id: participants.id, video: participants.video })
    .from(participants)
    .innerJoin(tests, eq(tests.id, participants.testId))
    .where(eq(tests.companyId, companyId));
}

/** The participants' own screen geometries and their test setups', by participant. */
export async function listGeometryRecords(db: Executor, participantIds: readonly number[]) {
  return db
    .select({ id: participants.id, own: participants.geometry, setup: testSetups.geometry })
    .from(participants)
    .leftJoin(testSetups, eq(testSetups.id, participants.setupId))
    .where(inArray(participants.id, [...participantIds]));
}

// ── streams ──

export async function findStreamRow(
  db: Executor,
  participantId: number,
  kind: StreamKindName,
): Promise<StreamRow | null> {
  const [row] = await db
    .select()
    .from(participantStreams)
    .where(and(eq(participantStreams.participantId, participantId), eq(participantStreams.kind, kind)));
  return row ?? null;
}

/** The stream rows of `kinds` of several participants in one query. */
export async function findStreamRows(
  db: Executor,
  participantIds: readonly number[],
  kinds: readonly StreamKindName[],
): Promise<StreamRow[]> {
  if (participantIds.length === 0 || kinds.length === 0) return [];
  return db
    .select()
    .from(participantStreams)
    .where(
      and(
        inArray(participantStreams.participantId, [...participantIds]),
        inArray(participantStreams.kind, [...kinds]),
      ),
    );
}

export async function upsertStreamRow(
  db: Executor,
  values: Omit<typeof participantStreams.$inferInsert, 'updatedAt'>,
): Promise<void> {
  const { participantId: _participantId, kind: _kind, ...changes } = values;
  await db
    .insert(participantStreams)
    .values(values)
    .onConflictDoUpdate({
      target: [participantStreams.participantId, participantStreams.kind],
      set: { ...changes, updatedAt: sql`now()` },
    });
}

// ── significant points and tags ──

export type SignificantPointRow = typeof significantPoints.$inferSelect & {
  tags: { id: number; name: string }[];
  /** The participant's real_id: what participantLabel names the point's participant by. */
  participantRealId: string;
};

export async function listSignificantPointRows(
  db: Executor,
  participantId: number,
): Promise<SignificantPointRow[]> {
  const points = await db
    .select({ point: significantPoints, participantRealId: participants.realId })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(eq(significantPoints.participantId, participantId))
    .orderBy(asc(significantPoints.timestampTop), asc(significantPoints.id));
  const tagsOf = await tagsOfPoints(
    db,
    points.map(({ point }) => point.id),
  );
  return points.map(({ point, participantRealId }) => ({
    ...point,
    participantRealId,
    tags: tagsOf.get(point.id) ?? [],
  }));
}

/**
 * Every significant point of the test's recorded participants (not its video result), with tags,
 * in time order: what the results screens count and quote.
 */
export async function listTestPointRows(
  db: Executor,
  testId: number,
  cohort: Cohort = 'all',
): Promise<SignificantPointRow[]> {
  const points = await db
    .select({ point: significantPoints, participantRealId: participants.realId })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(and(eq(participants.testId, testId), eq(participants.type, 'default'), inCohort(cohort)))
    .orderBy(asc(significantPoints.timestampTop), asc(significantPoints.id));
  const tagsOf = await tagsOfPoints(
    db,
    points.map(({ point }) => point.id),
  );
  return points.map(({ point, participantRealId }) => ({
    ...point,
    participantRealId,
    tags: tagsOf.get(point.id) ?? [],
  }));
}

/** The tags of each of the significant points, by point id, in name order. */
export async function tagsOfPoints(
  db: Executor,
  pointIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const tagsOf = new Map<number, { id: number; name: string }[]>();
  if (pointIds.length === 0) return tagsOf;
  const links = await db
    .select({ pointId: significantPointTags.significantPointId, id: tags.id, name: tags.name })
    .from(significantPointTags)
    .innerJoin(tags, eq(tags.id, significantPointTags.tagId))
    .where(inArray(significantPointTags.significantPointId, pointIds))
    .orderBy(asc(tags.name), asc(tags.id));
  for (const link of links) {
    const list = tagsOf.get(link.pointId) ?? [];
    list.push({ id: link.id, name: link.name });
    tagsOf.set(link.pointId, list);
  }
  return tagsOf;
}

/** Points a researcher changed; a recomputation keeps them. */
export async function listEditedPointKeys(db: Executor, participantId: number) {
  return db
    .select({ emotion: significantPoints.emotion, timestampTop: significantPoints.timestampTop })
    .from(significantPoints)
    .where(and(eq(significantPoints.participantId, participantId), eq(significantPoints.edited, true)));
}

export async function deleteUneditedPoints(db: Executor, participantId: number): Promise<void> {
  await db
    .delete(significantPoints)
    .where(and(eq(significantPoints.participantId, participantId), eq(significantPoints.edited, false)));
}

export async function insertSignificantPoint(
  db: Executor,
  point: {
    participantId: number;
    emotion: Emotion;
    timestampTop: number;
    score: number;
    ranking: number;
    comment: string;
    translation: string;
    falsePositive: boolean;
  },
): Promise<number> {
  const [row] = await db.insert(significantPoints).values(point).returning({ id: significantPoints.id });
  if (!row) throw new Error('insert into significant_points returned no row');
  return row.id;
}

export async function linkPointTags(db: Executor, pointId: number, tagIds: number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insert(significantPointTags)
    .values(tagIds.map((tagId) => ({ significantPointId: pointId, tagId })))
    .onConflictDoNothing();
}

/** The ids of the test's tags of these names (case-insensitive), creating those that do not exist. */
export async function ensureTags(
  db: Executor,
  testId: number,
  names: string[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const find = () =>
    db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(and(eq(tags.testId, testId), inArray(sql`lower(${tags.name})`, wanted)));
  const existing = new Set((await find()).map((tag) => tag.name.toLowerCase()));
  const missing = names.filter((name, index) => {
    const key = name.toLowerCase();
    return !existing.has(key) && names.findIndex((other) => other.toLowerCase() === key) === index;
  });
  if (missing.length > 0) {
    await db
      .insert(tags)
      .values(missing.map((name) => ({ testId, name })))
      .onConflictDoNothing();
  }
  return new Map((await find()).map((tag) => [tag.name.toLowerCase(), tag.id]));
}

// ── sections, labels, moments ──

/** A section with its label's name, as the participant answer lists them. */
const sectionColumns = {
  id: sections.id,
  participantId: sections.participantId,
  timestampStart: sections.timestampStart,
  timestampEnd: sections.timestampEnd,
  labelId: sections.labelId,
  labelName: labels.name,
};

export async function listSectionRows(db: Executor, participantId: number) {
  return db
    .select(sectionColumns)
    .from(sections)
    .leftJoin(labels, eq(labels.id, sections.labelId))
    .where(eq(sections.participantId, participantId))
    .orderBy(asc(sections.timestampStart), asc(sections.id));
}
export type SectionRow = Awaited<ReturnType<typeof listSectionRows>>[number];

/** One section with its label's name, as the participant answer lists them. */
export async function findSectionRow(db: Executor, id: number) {
  const [row] = await db
    .select(sectionColumns)
    .from(sections)
    .leftJoin(labels, eq(labels.id, sections.labelId))
    .where(eq(sections.id, id));
  return row ?? null;
}

export async function replaceSectionRows(
  db: Executor,
  participantId: number,
  rows: { labelId: number | null; timestampStart: number; timestampEnd: number }[],
): Promise<void> {
  await db.delete(sections).where(eq(sections.participantId, participantId));
  if (rows.length > 0) await db.insert(sections).values(rows.map((row) => ({ ...row, participantId })));
}

/** The test's page title of this name (case-insensitive), created with `urls` when there is none. */
export async function ensureLabel(
  db: Executor,
  testId: number,
  label: { name: string; urls: string[] },
): Promise<number> {
  const [existing] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.testId, testId), sql`lower(${labels.name}) = lower(${label.name})`))
    .orderBy(asc(labels.id))
    .limit(1);
  if (existing) return existing.id;
  const [row] = await db
    .insert(labels)
    .values({ testId, name: label.name, urls: label.urls })
    .returning({ id: labels.id });
  if (!row) throw new Error('insert into labels returned no row');
  return row.id;
}

/** A video participant's moments over everyone's gaze, or those of one cohort's gaze (spread, fluency). */
export async function listMomentRows(db: Executor, participantId: number, cohort: Cohort = 'all') {
  return db
    .select()
    .from(moments)
    .where(and(eq(moments.participantId, participantId), eq(moments.cohort, cohort)))
    .orderBy(asc(moments.start), asc(moments.id));
}

export async function replaceMomentRows(
  db: Executor,
  participantId: number,
  rows: { emotion: MomentKind; start: number; end: number }[],
): Promise<void> {
  await db.delete(moments).where(eq(moments.participantId, participantId));
  if (rows.length > 0) await db.insert(moments).values(rows.map((row) => ({ ...row, participantId })));
}
