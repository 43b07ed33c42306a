import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  aiInsightGenerations,
  answers,
  consentRecords,
  erasures,
  ingestBatches,
  insightSignificantPoints,
  insights,
  jobs,
  participantStreams,
  participants,
  sections,
  significantPoints,
  users,
  videoUploads,
} from '../../db/schema.js';

export type ErasureRow = typeof erasures.$inferSelect;
export type ErasureWithNames = ErasureRow & { requestedByLabel: string | null; erasedByLabel: string | null };

/** The identifiers an erasure removes and then searches for (kept until verified). */
export type ErasureTargets = {
  participantId: number;
  testId: number;
  realId: string;
  /** Storage keys the database named (streams, video). */
  keys: string[];
  /** Who erased and from where, for the audit entry the job writes. */
  actorLabel: string | null;
  address: string | null;
  /** Runs of the file retry so far (its backoff). */
  retries?: number;
};

const withNames = () => ({
  erasure: erasures,
  requestedByLabel: sql<
    string | null
  >`(select email from ${users} where ${users.id} = ${erasures.requestedById})`,
  erasedByLabel: sql<string | null>`(select email from ${users} where ${users.id} = ${erasures.erasedById})`,
});

const flatten = (row: {
  erasure: ErasureRow;
  requestedByLabel: string | null;
  erasedByLabel: string | null;
}): ErasureWithNames => ({
  ...row.erasure,
  requestedByLabel: row.requestedByLabel,
  erasedByLabel: row.erasedByLabel,
});

export async function findErasureRow(db: Executor, id: number): Promise<ErasureRow | null> {
  const [row] = await db.select().from(erasures).where(eq(erasures.id, id));
  return row ?? null;
}

export async function findErasureOfTest(
  db: Executor,
  testId: number,
  erasureId: number,
): Promise<ErasureWithNames | null> {
  const [row] = await db
    .select(withNames())
    .from(erasures)
    .where(and(eq(erasures.id, erasureId), eq(erasures.testId, testId)));
  return row ? flatten(row) : null;
}

export async function findErasureOfParticipant(
  db: Executor,
  testId: number,
  participantId: number,
): Promise<ErasureRow | null> {
  const [row] = await db
    .select()
    .from(erasures)
    .where(and(eq(erasures.testId, testId), eq(erasures.participantId, participantId)));
  return row ?? null;
}

export async function listErasuresOfTest(db: Executor, testId: number): Promise<ErasureWithNames[]> {
  const rows = await db
    .select(withNames())
    .from(erasures)
    .where(eq(erasures.testId, testId))
    .orderBy(desc(erasures.id));
  return rows.map(flatten);
}

/** Inserts the erasure unless one of the participant exists: answers the row inserted, or null. */
export async function insertErasureRow(
  db: Executor,
  values: typeof erasures.$inferInsert,
): Promise<ErasureRow | null> {
  const [row] = await db
    .insert(erasures)
    .values(values)
    .onConflictDoNothing({ target: [erasures.testId, erasures.participantId] })
    .returning();
  return row ?? null;
}

export async function updateErasureRow(
  db: Executor,
  id: number,
  changes: Partial<Omit<typeof erasures.$inferInsert, 'id'>>,
): Promise<ErasureRow | null> {
  const [row] = await db
    .update(erasures)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(erasures.id, id))
    .returning();
  return row ?? null;
}

/** Starts a requested erasure (a researcher carries it out); answers null when it was not requested. */
export async function startRequestedErasure(
  db: Executor,
  id: number,
  erasedById: number,
  startedAt: Date,
  targets: ErasureTargets,
): Promise<ErasureRow | null> {
  const [row] = await db
    .update(erasures)
    .set({ state: 'erasing', erasedById, startedAt, targets, updatedAt: sql`now()` })
    .where(and(eq(erasures.id, id), eq(erasures.state, 'requested')))
    .returning();
  return row ?? null;
}

/** The participant as the erasure needs it: its ids, real_id, pseudonym and stored files. */
export async function findErasableParticipant(db: Executor, testId: number, participantId: number) {
  const [row] = await db
    .select({
      id: participants.id,
      testId: participants.testId,
      realId: participants.realId,
      type: participants.type,
      video: participants.video,
      auditSubject: participants.auditSubject,
    })
    .from(participants)
    // A person: not a video test's aggregate (video_heatmap), which is made from the viewers.
    .where(
      and(
        eq(participants.id, participantId),
        eq(participants.testId, testId),
        eq(participants.type, 'default'),
      ),
    );
  if (!row) return null;
  const streams = await db
    .select({ fileKey: participantStreams.fileKey })
    .from(participantStreams)
    .where(eq(participantStreams.participantId, participantId));
  return { ...row, streamKeys: streams.map((stream) => stream.fileKey) };
}

const countOf = async (query: PromiseLike<{ count: number }[]>) => (await query)[0]?.count ?? 0;

/**
 * Removes the participant's rows in one transaction's executor: counts what goes, withdraws the
 * evidence of insights that cite its points (marked, the citation removed, the insight kept),
 * takes its points out of AI insight proposals, removes queued jobs that name it, then the
 * participant row, whose foreign keys remove the rest. Answers the counts; null when the
 * participant was gone already (an erasure run again after its rows went).
 */
export async function deleteParticipantData(
  tx: Executor,
  participantId: number,
  testId: number,
  at: Date,
): Promise<Record<string, number> | null> {
  const [exists] = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.id, participantId), eq(participants.testId, testId)))
    .for('update');
  if (!exists) return null;
  const count = sql<number>`count(*)::int`;
  const ofParticipant = (table: { participantId: AnyPgColumn }) => eq(table.participantId, participantId);
  const pointIds = (
    await tx
      .select({ id: significantPoints.id })
      .from(significantPoints)
      .where(eq(significantPoints.participantId, participantId))
  ).map((row) => row.id);
  const removed: Record<string, number> = {
    participant: 1,
    streams: await countOf(
      tx.select({ count }).from(participantStreams).where(ofParticipant(participantStreams)),
    ),
    ingest_batches: await countOf(
      tx.select({ count }).from(ingestBatches).where(ofParticipant(ingestBatches)),
    ),
    video_uploads: await countOf(tx.select({ count }).from(videoUploads).where(ofParticipant(videoUploads))),
    significant_points: pointIds.length,
    sections: await countOf(tx.select({ count }).from(sections).where(ofParticipant(sections))),
    answers: await countOf(tx.select({ count }).from(answers).where(ofParticipant(answers))),
    consent_records: await countOf(
      tx.select({ count }).from(consentRecords).where(ofParticipant(consentRecords)),
    ),
    insight_citations: 0,
    insights_marked: 0,
    ai_generation_citations: 0,
    jobs: 0,
  };
  if (pointIds.length > 0) {
    const citations = await tx
      .delete(insightSignificantPoints)
      .where(inArray(insightSignificantPoints.significantPointId, pointIds))
      .returning({ insightId: insightSignificantPoints.insightId });
    const highlighted = await tx
      .select({ id: insights.id })
      .from(insights)
      .where(and(eq(insights.testId, testId), inArray(insights.highlightId, pointIds)));
    const cited = [
      ...new Set([...citations.map((row) => row.insightId), ...highlighted.map((row) => row.id)]),
    ];
    removed.insight_citations = citations.length + highlighted.length;
    if (cited.length > 0) {
      const marked = await tx
        .update(insights)
        .set({ evidenceWithdrawnAt: at, highlightId: null, updatedAt: sql`now()` })
        .where(inArray(insights.id, cited))
        .returning({ id: insights.id });
      removed.insights_marked = marked.length;
    }
  }
  removed.ai_generation_citations = await withdrawFromProposals(tx, testId, participantId);
  removed.jobs = await deleteJobsNaming(tx, participantId);
  await tx.delete(participants).where(eq(participants.id, participantId));
  // Every process's caches of the participant (db/changes.ts): heard at the commit.
  await tx.execute(sql`select pg_notify('limbus_actor_changed', ${`participant:${participantId}`})`);
  return removed;
}

/**
 * Removes the jobs whose payload names the participant (analysis, screen recording; queued, failed
 * or done): their payloads point at personal data. A running one finds the participant gone and
 * does nothing. Answers how many.
 */
export async function deleteJobsNaming(db: Executor, participantId: number): Promise<number> {
  const named = await db
    .delete(jobs)
    .where(
      and(
        sql`${jobs.state} in ('queued', 'failed', 'done')`,
        sql`${jobs.payload} ->> 'participant_id' = ${String(participantId)}`,
      ),
    )
    .returning({ id: jobs.id });
  return named.length;
}

type Proposal = {
  points?: { id: number; participant_id: number }[];
  dropped_claims?: number;
  proposal?: {
    common_factors?: { point_ids: number[] }[];
    suggestions?: { point_ids: number[] }[];
  };
};

/**
 * Takes the participant's points out of the test's AI insight proposals: out of their evidence,
 * and each claim left without evidence is dropped (counted as dropped). Answers the points removed.
 */
async function withdrawFromProposals(tx: Executor, testId: number, participantId: number): Promise<number> {
  const rows = await tx
    .select({ id: aiInsightGenerations.id, result: aiInsightGenerations.result })
    .from(aiInsightGenerations)
    .where(
      and(
        eq(aiInsightGenerations.testId, testId),
        sql`${aiInsightGenerations.result} is not null`,
        sql`exists (select 1 from jsonb_array_elements(${aiInsightGenerations.result} -> 'points') as point
          where (point ->> 'participant_id')::int = ${participantId})`,
      ),
    );
  let removed = 0;
  for (const row of rows) {
    const result = structuredClone(row.result) as Proposal;
    const points = result.points ?? [];
    const gone = new Set(
      points.filter((point) => point.participant_id === participantId).map((point) => point.id),
    );
    removed += gone.size;
    result.points = points.filter((point) => !gone.has(point.id));
    let dropped = 0;
    const keep = <C extends { point_ids: number[] }>(claims: C[] | undefined) =>
      (claims ?? []).flatMap((claim) => {
        const pointIds = claim.point_ids.filter((id) => !gone.has(id));
        if (pointIds.length === 0) {
          dropped += 1;
          return [];
        }
        return [{ ...claim, point_ids: pointIds }];
      });
    if (result.proposal) {
      result.proposal.common_factors = keep(result.proposal.common_factors);
      result.proposal.suggestions = keep(result.proposal.suggestions);
    }
    result.dropped_claims = (result.dropped_claims ?? 0) + dropped;
    await tx
      .update(aiInsightGenerations)
      .set({ result: result as Record<string, unknown>, updatedAt: sql`now()` })
      .where(eq(aiInsightGenerations.id, row.id));
  }
  return removed;
}

/** The test's aggregate participant of a video test (video_heatmap), or null. */
export async function findAggregateParticipant(db: Executor, testId: number) {
  const [row] = await db
    .select({ id: participants.id, video: participants.video })
    .from(participants)
    .where(and(eq(participants.testId, testId), eq(participants.type, 'video_heatmap')));
  return row ?? null;
}

/** Removes an aggregate participant left without any viewer (it was derived from them only). */
export async function deleteAggregateParticipant(db: Executor, id: number): Promise<void> {
  await db.delete(participants).where(and(eq(participants.id, id), eq(participants.type, 'video_heatmap')));
}

// ── verification ──

export type SearchColumn = { table: string; column: string; dataType: string };

/** Every column of the product's tables (schema public) that could hold an identifier. */
export async function listSearchableColumns(db: Executor): Promise<SearchColumn[]> {
  const result = await db.execute(sql`
    select table_name as "table", column_name as "column", data_type as "dataType"
    from information_schema.columns
    where table_schema = 'public'
      and (data_type in ('text', 'character varying', 'json', 'jsonb') or column_name = 'participant_id')
    order by table_name, ordinal_position`);
  return rowsOf<SearchColumn>(result);
}

/** The tables of schema public that have a test_id column (to scope the search for a real_id). */
export async function listTablesWithTestId(db: Executor): Promise<Set<string>> {
  const result = await db.execute(sql`
    select table_name as "table" from information_schema.columns
    where table_schema = 'public' and column_name = 'test_id'`);
  return new Set(rowsOf<{ table: string }>(result).map((row) => row.table));
}

export type Needles = {
  participantId: number;
  testId: number;
  realId: string;
  /** Substrings no other record contains: storage keys and key prefixes of the participant. */
  keyParts: string[];
};

/**
 * Counts, per column of one table, the rows that still hold one of the identifiers: the
 * participant id in a participant_id column or as `participant_id`/`participantId` in JSON, a
 * storage key anywhere in a text or JSON value, the real_id as a whole text value or JSON string
 * (on tables with a test_id, in rows of the test only: other tests' recorders may reuse an id).
 */
export async function countIdentifiersInTable(
  db: Executor,
  table: string,
  columns: SearchColumn[],
  hasTestId: boolean,
  needles: Needles,
): Promise<{ column: string; count: number }[]> {
  const ofTest = hasTestId ? sql`test_id = ${needles.testId}` : sql`true`;
  const idPattern = `"(participant_id|participantId)": ?${needles.participantId}([^0-9]|$)`;
  const filters = columns.map((column) => {
    const ref = sql.identifier(column.column);
    const isText = column.dataType === 'text' || column.dataType === 'character varying';
    const isJson = column.dataType === 'json' || column.dataType === 'jsonb';
    const tests: ReturnType<typeof sql>[] = [];
    if (column.column === 'participant_id' && !isText && !isJson)
      tests.push(sql`${ref} = ${needles.participantId}`);
    if (isText || isJson) {
      // A key starts a value or follows a character no key has (a quote in JSON): `videos/12.`
      // is not found in `test-videos/12.mp4`.
      for (const part of needles.keyParts) tests.push(sql`${ref}::text ~ ${keyPattern(part)}`);
    }
    // No real_id is known when the participant was gone before the erasure started.
    const hasRealId = needles.realId !== '';
    if (isText && hasRealId) tests.push(sql`(${ofTest} and ${ref} = ${needles.realId})`);
    if (isJson) {
      tests.push(sql`${ref}::text ~ ${idPattern}`);
      if (hasRealId)
        tests.push(sql`(${ofTest} and position(${JSON.stringify(needles.realId)} in ${ref}::text) > 0)`);
    }
    if (table === 'participants' && column.column === 'real_id')
      tests.push(sql`(id = ${needles.participantId})`);
    return sql`count(*) filter (where ${sql.join(tests, sql` or `)})::int`;
  });
  const result = await db.execute(
    sql`select ${sql.join(
      filters.map((filter, index) => sql`${filter} as ${sql.identifier(`c${index}`)}`),
      sql`, `,
    )} from ${sql.identifier(table)}`,
  );
  const [counts] = rowsOf<Record<string, number>>(result);
  return columns.map((column, index) => ({
    column: column.column,
    count: Number(counts?.[`c${index}`] ?? 0),
  }));
}

/** A storage key where it starts a value or follows a character that no key contains. */
export const keyPattern = (part: string) =>
  `(^|[^A-Za-z0-9._/-])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Erasures that did not end (erasing, pending): the start resumes them if no job is queued for them. */
export async function listUnfinishedErasures(db: Executor): Promise<ErasureRow[]> {
  return db
    .select()
    .from(erasures)
    .where(and(inArray(erasures.state, ['erasing', 'pending']), isNull(erasures.finishedAt)));
}

export async function hasErasureJob(db: Executor, erasureId: number): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        sql`${jobs.state} in ('queued', 'running')`,
        sql`${jobs.payload} ->> 'erasure_id' = ${String(erasureId)}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether a participant still names the file (a key shared by several is kept). */
export async function isFileNamedByParticipant(db: Executor, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: participants.id })
    .from(participants)
    .where(eq(participants.video, key))
    .limit(1);
  return rows.length > 0;
}
