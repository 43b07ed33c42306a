import type { StreamKindName } from '@limbus/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  ingestBatches,
  jobs,
  labels,
  participantStreams,
  participants,
  type ScreenGeometryRecord,
  significantPoints,
  significantPointTags,
  tags,
  testMetrics,
  type ValidationTargetRecord,
  videoUploads,
} from '../../db/schema.js';

export type BatchRow = typeof ingestBatches.$inferSelect;

export async function findParticipantById(db: Executor, id: number) {
  const [row] = await db.select().from(participants).where(eq(participants.id, id));
  return row ?? null;
}

/** Inserts a participant unless the test has one with this real_id; answers the row and whether it is new. */
export async function insertParticipantOnce(
  db: Executor,
  values: typeof participants.$inferInsert,
): Promise<{ row: typeof participants.$inferSelect; isNew: boolean }> {
  const [inserted] = await db.insert(participants).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, isNew: true };
  const [existing] = await db
    .select()
    .from(participants)
    .where(and(eq(participants.testId, values.testId), eq(participants.realId, values.realId)));
  if (!existing) throw new Error('participant vanished between insert and select');
  return { row: existing, isNew: false };
}

export async function listBatchRows(db: Executor, participantId: number, kind?: StreamKindName) {
  return db
    .select()
    .from(ingestBatches)
    .where(
      kind
        ? and(eq(ingestBatches.participantId, participantId), eq(ingestBatches.kind, kind))
        : eq(ingestBatches.participantId, participantId),
    )
    .orderBy(asc(ingestBatches.kind), asc(ingestBatches.seq));
}

export async function upsertBatchRow(
  db: Executor,
  values: Omit<typeof ingestBatches.$inferInsert, 'createdAt'>,
) {
  const { participantId: _p, kind: _k, seq: _s, ...changes } = values;
  await db
    .insert(ingestBatches)
    .values(values)
    .onConflictDoUpdate({
      target: [ingestBatches.participantId, ingestBatches.kind, ingestBatches.seq],
      set: changes,
    });
}

export async function deleteBatchRows(db: Executor, participantId: number): Promise<void> {
  await db.delete(ingestBatches).where(eq(ingestBatches.participantId, participantId));
}

export async function markParticipantFinished(
  db: Executor,
  id: number,
  values: {
    endedAt: Date | null;
    totalClicks: number | null;
    eegQuality: number | null;
    validationTargets: ValidationTargetRecord[] | null;
    geometry: ScreenGeometryRecord | null;
  },
): Promise<void> {
  await db
    .update(participants)
    .set({
      state: 'finished',
      ...(values.endedAt ? { endedAt: values.endedAt } : {}),
      ...(values.totalClicks !== null ? { totalClicks: values.totalClicks } : {}),
      ...(values.eegQuality !== null ? { eegQuality: values.eegQuality } : {}),
      ...(values.validationTargets !== null ? { validationTargets: values.validationTargets } : {}),
      ...(values.geometry !== null ? { geometry: values.geometry } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(participants.id, id));
}

export async function streamCounts(db: Executor, participantId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: participantStreams.kind, count: participantStreams.sampleCount })
    .from(participantStreams)
    .where(eq(participantStreams.participantId, participantId));
  return Object.fromEntries(rows.map((row) => [row.kind, row.count]));
}

export async function hasQueuedJob(db: Executor, kind: string, key: string, value: number): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.kind, kind), eq(jobs.state, 'queued'), sql`${jobs.payload} ->> ${key} = ${String(value)}`),
    )
    .limit(1);
  return rows.length > 0;
}

// ── video uploads ──

export async function findVideoUpload(db: Executor, participantId: number) {
  const [row] = await db.select().from(videoUploads).where(eq(videoUploads.participantId, participantId));
  return row ?? null;
}

export async function insertVideoUpload(
  db: Executor,
  values: { participantId: number; size: number; filename: string },
): Promise<void> {
  await db.insert(videoUploads).values(values).onConflictDoNothing();
}

export async function deleteVideoUpload(db: Executor, participantId: number): Promise<void> {
  await db.delete(videoUploads).where(eq(videoUploads.participantId, participantId));
}

// ── analysis: what page and tag metrics are computed from, and where they are kept ──

/** The test's page titles (labels), oldest first. */
export async function listTestLabels(db: Executor, testId: number) {
  return db.select().from(labels).where(eq(labels.testId, testId)).orderBy(asc(labels.id));
}

export async function listTestTags(db: Executor, testId: number) {
  return db.select().from(tags).where(eq(tags.testId, testId)).orderBy(asc(tags.id));
}

/** The significant points of the participants, in time order. */
export async function listPointsOfParticipants(db: Executor, participantIds: number[]) {
  if (participantIds.length === 0) return [];
  return db
    .select({
      id: significantPoints.id,
      participantId: significantPoints.participantId,
      emotion: significantPoints.emotion,
      timestampTop: significantPoints.timestampTop,
      falsePositive: significantPoints.falsePositive,
    })
    .from(significantPoints)
    .where(inArray(significantPoints.participantId, participantIds))
    .orderBy(asc(significantPoints.timestampTop), asc(significantPoints.id));
}

/** Which points carry each of the tags. */
export async function listPointTagLinks(db: Executor, tagIds: number[]) {
  if (tagIds.length === 0) return [];
  return db
    .select({ tagId: significantPointTags.tagId, pointId: significantPointTags.significantPointId })
    .from(significantPointTags)
    .where(inArray(significantPointTags.tagId, tagIds));
}

/** The metrics of a kind the last recomputation stored for the test and when, or null before the first. */
export async function findStoredMetricsRow(db: Executor, testId: number, kind: 'pages' | 'tags') {
  const [row] = await db
    .select({ payload: testMetrics.payload, computedAt: testMetrics.computedAt })
    .from(testMetrics)
    .where(and(eq(testMetrics.testId, testId), eq(testMetrics.kind, kind)));
  return row ?? null;
}

/** Stores the test's metrics of one kind, replacing the earlier ones. */
export async function saveTestMetrics(
  db: Executor,
  testId: number,
  kind: 'pages' | 'tags',
  payload: unknown,
  computedAt: Date,
): Promise<void> {
  await db
    .insert(testMetrics)
    .values({ testId, kind, payload, computedAt })
    .onConflictDoUpdate({
      target: [testMetrics.testId, testMetrics.kind],
      set: { payload, computedAt },
    });
}
