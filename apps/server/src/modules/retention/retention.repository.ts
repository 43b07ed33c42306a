import { RETENTION_DEFAULTS } from '@limbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import {
  companies,
  ingestBatches,
  participantStreams,
  participants,
  retentionPolicies,
  tests,
  users,
  videoUploads,
  voiceTakes,
} from '../../db/schema.js';

export type RetentionPolicyRow = {
  companyId: number;
  recordingsDays: number;
  streamsDays: number;
  derivedDays: number | null;
  updatedAt: Date;
  updatedBy: string | null;
};

/** The company's own policy, or null when it has none (the defaults apply). */
export async function findPolicyRow(db: Executor, companyId: number): Promise<RetentionPolicyRow | null> {
  const [row] = await db
    .select({
      companyId: retentionPolicies.companyId,
      recordingsDays: retentionPolicies.recordingsDays,
      streamsDays: retentionPolicies.streamsDays,
      derivedDays: retentionPolicies.derivedDays,
      updatedAt: retentionPolicies.updatedAt,
      updatedBy: users.email,
    })
    .from(retentionPolicies)
    .leftJoin(users, eq(users.id, retentionPolicies.updatedById))
    .where(eq(retentionPolicies.companyId, companyId));
  return row ?? null;
}

/** Whether the company exists (a policy of an unknown company is 404). */
export async function companyExists(db: Executor, companyId: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return row !== undefined;
}

export async function upsertPolicyRow(
  db: Executor,
  values: {
    companyId: number;
    recordingsDays: number;
    streamsDays: number;
    derivedDays: number | null;
    updatedById: number;
    updatedAt: Date;
  },
): Promise<void> {
  await db
    .insert(retentionPolicies)
    .values(values)
    .onConflictDoUpdate({
      target: retentionPolicies.companyId,
      set: {
        recordingsDays: values.recordingsDays,
        streamsDays: values.streamsDays,
        derivedDays: values.derivedDays,
        updatedById: values.updatedById,
        updatedAt: values.updatedAt,
      },
    });
}

/** A participant with the test and company it belongs to, as the retention job names it. */
export type DueOwner = { participantId: number; testId: number; companyId: number; subject: string };
export type DueRecording = DueOwner & { video: string };
export type DueStream = DueOwner & {
  kind: (typeof participantStreams.$inferSelect)['kind'];
  fileKey: string;
};
export type DueBatch = DueOwner & { kind: (typeof ingestBatches.$inferSelect)['kind']; seq: number };

/** Whose data a due item is: read with participants joined to tests. */
const dueOwnerColumns = {
  participantId: participants.id,
  testId: participants.testId,
  companyId: tests.companyId,
  subject: participants.auditSubject,
};

/** The company's period in days, or the default where it has no policy. */
const recordingsDays = sql`coalesce(${retentionPolicies.recordingsDays}, ${RETENTION_DEFAULTS.recordings_days})`;
const streamsDays = sql`coalesce(${retentionPolicies.streamsDays}, ${RETENTION_DEFAULTS.streams_days})`;

/**
 * Screen recordings (with their sound) of recorded participants whose test was done more than the
 * company's recordings period before `now`; at most `limit`, by participant.
 */
export async function listDueRecordings(db: Executor, now: Date, limit: number): Promise<DueRecording[]> {
  const rows = await db
    .select({
      ...dueOwnerColumns,
      video: participants.video,
    })
    .from(participants)
    .innerJoin(tests, eq(tests.id, participants.testId))
    .leftJoin(retentionPolicies, eq(retentionPolicies.companyId, tests.companyId))
    .where(
      and(
        eq(participants.type, 'default'),
        sql`${participants.video} is not null`,
        sql`${tests.doneAt} is not null`,
        sql`${tests.doneAt} + make_interval(days => ${recordingsDays}) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(participants.id)
    .limit(limit);
  return rows.flatMap((row) => (row.video ? [{ ...row, video: row.video }] : []));
}

/**
 * Participants with spoken audio (remote participants' voice takes) whose test was done more than
 * the company's recordings period before `now`, as the screen recordings; at most `limit`.
 */
export async function listDueVoices(db: Executor, now: Date, limit: number): Promise<DueOwner[]> {
  return db
    .selectDistinct(dueOwnerColumns)
    .from(voiceTakes)
    .innerJoin(participants, eq(participants.id, voiceTakes.participantId))
    .innerJoin(tests, eq(tests.id, participants.testId))
    .leftJoin(retentionPolicies, eq(retentionPolicies.companyId, tests.companyId))
    .where(
      and(
        sql`${tests.doneAt} is not null`,
        sql`${tests.doneAt} + make_interval(days => ${recordingsDays}) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(participants.id)
    .limit(limit);
}

/**
 * Stored streams recorded more than the company's streams period before `now` (the recording's
 * end, else its start, else when the participant was created); at most `limit`.
 */
export async function listDueStreams(db: Executor, now: Date, limit: number): Promise<DueStream[]> {
  const recordedAt = sql`coalesce(${participants.endedAt}, ${participants.startedAt}, ${participants.createdAt})`;
  return db
    .select({
      ...dueOwnerColumns,
      kind: participantStreams.kind,
      fileKey: participantStreams.fileKey,
    })
    .from(participantStreams)
    .innerJoin(participants, eq(participants.id, participantStreams.participantId))
    .innerJoin(tests, eq(tests.id, participants.testId))
    .leftJoin(retentionPolicies, eq(retentionPolicies.companyId, tests.companyId))
    .where(
      and(
        eq(participants.type, 'default'),
        sql`${recordedAt} + make_interval(days => ${streamsDays}) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(participantStreams.participantId, participantStreams.kind)
    .limit(limit);
}

/** Notes in participants.removed_data that `kind` was removed at `at` by the retention policy. */
const noteRemoved = (kind: string, at: Date) =>
  sql`${participants.removedData} || jsonb_build_object(${kind}::text, jsonb_build_object('at', ${at.toISOString()}::text, 'reason', 'retention'))`;

/**
 * Removes a participant's recording in one transaction: clears its key and notes the removal,
 * only while the key is still `video` (another runner may have been first), then runs
 * `deleteFiles` in the transaction before the commit (the recording, and what shows it). A file that cannot be deleted rolls the change back, so the recording is
 * found again by the next run; never a note of a removal that did not happen. Answers whether this
 * call removed it.
 */
export async function removeRecordingRow(
  db: Database,
  item: DueRecording,
  at: Date,
  deleteFiles: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cleared = await tx
      .update(participants)
      .set({ video: null, removedData: noteRemoved('screen', at), updatedAt: at })
      .where(and(eq(participants.id, item.participantId), eq(participants.video, item.video)))
      .returning({ id: participants.id });
    if (cleared.length === 0) return false;
    await deleteFiles(tx);
    return true;
  });
}

/**
 * In one transaction: the row `deleteRow` removes (nothing more when it was gone already: false),
 * the note on its participant of what went and when, then the file.
 */
async function removeNotedRow(
  db: Database,
  removed: { participantId: number; kind: string; at: Date },
  deleteRow: (tx: Executor) => Promise<unknown[]>,
  deleteFiles: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await deleteRow(tx)).length === 0) return false;
    await tx
      .update(participants)
      .set({ removedData: noteRemoved(removed.kind, removed.at), updatedAt: removed.at })
      .where(eq(participants.id, removed.participantId));
    await deleteFiles(tx);
    return true;
  });
}

/** Removes a participant's spoken audio as `removeRecordingRow` removes a recording: rows, note, then files. */
export function removeVoiceRows(
  db: Database,
  item: DueOwner,
  at: Date,
  deleteFiles: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return removeNotedRow(
    db,
    { participantId: item.participantId, kind: 'voice', at },
    (tx) =>
      tx
        .delete(voiceTakes)
        .where(eq(voiceTakes.participantId, item.participantId))
        .returning({ id: voiceTakes.id }),
    deleteFiles,
  );
}

/** Removes one stored stream as `removeRecordingRow` removes a recording: row, note, then file. */
export function removeStreamRow(
  db: Database,
  item: DueStream,
  at: Date,
  deleteFiles: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return removeNotedRow(
    db,
    { ...item, at },
    (tx) =>
      tx
        .delete(participantStreams)
        .where(
          and(
            eq(participantStreams.participantId, item.participantId),
            eq(participantStreams.kind, item.kind),
            eq(participantStreams.fileKey, item.fileKey),
          ),
        )
        .returning({ kind: participantStreams.kind }),
    deleteFiles,
  );
}

/**
 * Stream batches of recordings that were never finished (a recorder that stopped sending), sent
 * more than the company's streams period before `now`: raw streams too; at most `limit`.
 */
export async function listDueBatches(db: Executor, now: Date, limit: number): Promise<DueBatch[]> {
  return db
    .select({
      ...dueOwnerColumns,
      kind: ingestBatches.kind,
      seq: ingestBatches.seq,
    })
    .from(ingestBatches)
    .innerJoin(participants, eq(participants.id, ingestBatches.participantId))
    .innerJoin(tests, eq(tests.id, participants.testId))
    .leftJoin(retentionPolicies, eq(retentionPolicies.companyId, tests.companyId))
    .where(
      sql`${ingestBatches.createdAt} + make_interval(days => ${streamsDays}) <= ${now.toISOString()}::timestamptz`,
    )
    .orderBy(ingestBatches.participantId, ingestBatches.kind, ingestBatches.seq)
    .limit(limit);
}

/** Removes one stream batch as `removeStreamRow` removes a stream: row, note, then file. */
export function removeBatchRow(
  db: Database,
  item: DueBatch,
  at: Date,
  deleteFiles: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return removeNotedRow(
    db,
    { ...item, at },
    (tx) =>
      tx
        .delete(ingestBatches)
        .where(
          and(
            eq(ingestBatches.participantId, item.participantId),
            eq(ingestBatches.kind, item.kind),
            eq(ingestBatches.seq, item.seq),
          ),
        )
        .returning({ seq: ingestBatches.seq }),
    deleteFiles,
  );
}

/**
 * Resumable video uploads that never finished (a recorder that stopped sending its screen
 * recording), started more than the company's recordings period before `now`: their part file is
 * a raw recording too; at most `limit`.
 */
export async function listDueUploads(db: Executor, now: Date, limit: number): Promise<DueOwner[]> {
  return db
    .select(dueOwnerColumns)
    .from(videoUploads)
    .innerJoin(participants, eq(participants.id, videoUploads.participantId))
    .innerJoin(tests, eq(tests.id, participants.testId))
    .leftJoin(retentionPolicies, eq(retentionPolicies.companyId, tests.companyId))
    .where(
      sql`${videoUploads.createdAt} + make_interval(days => ${recordingsDays}) <= ${now.toISOString()}::timestamptz`,
    )
    .orderBy(videoUploads.participantId)
    .limit(limit);
}

/** Removes an unfinished upload as `removeStreamRow` removes a stream: row, note ('screen'), then part file. */
export function removeUploadRow(
  db: Database,
  item: DueOwner,
  at: Date,
  deleteFiles: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return removeNotedRow(
    db,
    { ...item, kind: 'screen', at },
    (tx) =>
      tx
        .delete(videoUploads)
        .where(eq(videoUploads.participantId, item.participantId))
        .returning({ id: videoUploads.participantId }),
    deleteFiles,
  );
}
