import {
  type ConsentMethod,
  type ConsentPurpose,
  type ConsentStream,
  GENERATED_VIEWER_PREFIX,
} from '@limbus/contract';
import { and, desc, eq, inArray, ne, notLike, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  consentRecords,
  consentTerms,
  evidenceReels,
  insights,
  participants,
  significantPoints,
  tests,
  users,
} from '../../db/schema.js';

// ── terms ──

export type ConsentTermsRow = typeof consentTerms.$inferSelect & { createdBy: string | null };

const termsColumns = {
  id: consentTerms.id,
  testId: consentTerms.testId,
  version: consentTerms.version,
  text: consentTerms.text,
  streams: consentTerms.streams,
  purposes: consentTerms.purposes,
  createdById: consentTerms.createdById,
  createdAt: consentTerms.createdAt,
  createdBy: users.email,
};

/** The versions of a test's terms, newest first. */
export async function listTermsRows(db: Executor, testId: number): Promise<ConsentTermsRow[]> {
  return db
    .select(termsColumns)
    .from(consentTerms)
    .leftJoin(users, eq(users.id, consentTerms.createdById))
    .where(eq(consentTerms.testId, testId))
    .orderBy(desc(consentTerms.version));
}

export async function findTermsRow(
  db: Executor,
  testId: number,
  version: number,
): Promise<ConsentTermsRow | null> {
  const [row] = await db
    .select(termsColumns)
    .from(consentTerms)
    .leftJoin(users, eq(users.id, consentTerms.createdById))
    .where(and(eq(consentTerms.testId, testId), eq(consentTerms.version, version)));
  return row ?? null;
}

/** Whether the test has any version of consent terms. */
export async function testHasTerms(db: Executor, testId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: consentTerms.id })
    .from(consentTerms)
    .where(eq(consentTerms.testId, testId))
    .limit(1);
  return row !== undefined;
}

export type TermsValues = {
  testId: number;
  text: string;
  streams: ConsentStream[];
  purposes: ConsentPurpose[];
  createdById: number | null;
};

/**
 * Inserts the next version of the test's terms (1 for the first). Two writers at once meet at the
 * unique (test, version) index: the later one takes the next number.
 */
export async function insertNextTermsRow(db: Executor, values: TermsValues): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .insert(consentTerms)
      .values({
        ...values,
        version: sql`(select coalesce(max(${consentTerms.version}), 0) + 1 from ${consentTerms} where ${consentTerms.testId} = ${values.testId})`,
      })
      .onConflictDoNothing()
      .returning({ version: consentTerms.version });
    if (row) return row.version;
    if (attempt >= 10) throw new Error('No free version number for the consent terms');
  }
}

// ── records ──

export type ConsentRecordRow = {
  id: number;
  participantId: number;
  termsId: number;
  version: number;
  streams: ConsentStream[];
  purposes: ConsentPurpose[];
  givenAt: Date;
  method: ConsentMethod;
  recordedBy: string | null;
  createdAt: Date;
};

const recordColumns = {
  id: consentRecords.id,
  participantId: consentRecords.participantId,
  termsId: consentRecords.termsId,
  version: consentTerms.version,
  streams: consentRecords.streams,
  purposes: consentRecords.purposes,
  givenAt: consentRecords.givenAt,
  method: consentRecords.method,
  recordedBy: users.email,
  createdAt: consentRecords.createdAt,
};

/** A participant's consent records, newest first (the first is in force). */
export async function listRecordRows(db: Executor, participantId: number): Promise<ConsentRecordRow[]> {
  return db
    .select(recordColumns)
    .from(consentRecords)
    .innerJoin(consentTerms, eq(consentTerms.id, consentRecords.termsId))
    .leftJoin(users, eq(users.id, consentRecords.recordedById))
    .where(eq(consentRecords.participantId, participantId))
    .orderBy(desc(consentRecords.id));
}

/** The consent in force of a participant: its newest record; null when it has none. */
export async function findCurrentRecordRow(
  db: Executor,
  participantId: number,
): Promise<ConsentRecordRow | null> {
  const [row] = await db
    .select(recordColumns)
    .from(consentRecords)
    .innerJoin(consentTerms, eq(consentTerms.id, consentRecords.termsId))
    .leftJoin(users, eq(users.id, consentRecords.recordedById))
    .where(eq(consentRecords.participantId, participantId))
    .orderBy(desc(consentRecords.id))
    .limit(1);
  return row ?? null;
}

export type RecordValues = {
  participantId: number;
  termsId: number;
  streams: ConsentStream[];
  purposes: ConsentPurpose[];
  givenAt: Date;
  method: ConsentMethod;
  recordedById: number | null;
};

export async function insertRecordRow(db: Executor, values: RecordValues): Promise<void> {
  await db.insert(consentRecords).values(values);
}

/**
 * Of the participants (people: type default, not generated viewers) of the tests `testIds`, those
 * whose data may not serve `purpose` (for `stream`, when named): on a test with consent terms, each
 * participant whose consent in force does not grant it (or the stream), or who has none.
 * Participants of tests without terms (legacy tests) are never named.
 */
export async function participantIdsWithout(
  db: Executor,
  testIds: readonly number[],
  purpose: ConsentPurpose,
  stream?: ConsentStream | 'main',
): Promise<{ id: number; testId: number }[]> {
  if (testIds.length === 0) return [];
  const streamGranted =
    stream === 'main'
      ? // a lab participant's main data is its EEG emotions; a webcam participant has none: its gaze
        sql`and ${consentRecords.streams} @> (case when ${participants.source} = 'webcam' then '["eyes"]' else '["emotions"]' end)::jsonb`
      : stream
        ? sql`and ${consentRecords.streams} @> ${JSON.stringify([stream])}::jsonb`
        : sql``;
  return db
    .select({ id: participants.id, testId: participants.testId })
    .from(participants)
    .where(
      and(
        inArray(participants.testId, [...testIds]),
        // People only: a video test's aggregate and the generated viewers are no one's data.
        eq(participants.type, 'default'),
        notLike(participants.realId, `${GENERATED_VIEWER_PREFIX}%`),
        // a webcam participant records no EEG: it has no emotions to consent to, nor to hold back
        stream === 'emotions' ? ne(participants.source, 'webcam') : undefined,
        sql`exists (select 1 from ${consentTerms} where ${consentTerms.testId} = ${participants.testId})`,
        sql`not coalesce((
          select ${consentRecords.purposes} @> ${JSON.stringify([purpose])}::jsonb ${streamGranted}
          from ${consentRecords}
          where ${consentRecords.participantId} = ${participants.id}
          order by ${consentRecords.id} desc
          limit 1
        ), false)`,
      ),
    );
}

/** The company of a test, for the audit entry of a consent given without a signed-in user. */
export async function findTestCompanyId(db: Executor, testId: number): Promise<number | null> {
  const [row] = await db.select({ companyId: tests.companyId }).from(tests).where(eq(tests.id, testId));
  return row?.companyId ?? null;
}

// ── evidence reels after a withdrawal ──

/**
 * In the withdrawal's transaction: each evidence reel of the participant's test whose file shows one
 * of their points loses that file (its key answered, for the caller to delete once committed) and
 * becomes a draft with `message`; so does a reel being rendered with one of their clips, whose render
 * then deletes the file it made (it stores only while the reel is still rendering). The clips stay:
 * the next render leaves out whoever may no longer be shown. Written on the reels' table here, as
 * deleting an insight does, because the reels module reads consent (the modules do not import each
 * other both ways); the rows are locked as an erasure locks them (evidence-reels.repository.ts).
 */
export async function dropReelFilesShowing(
  tx: Executor,
  participantId: number,
  message: string,
): Promise<string[]> {
  const points = await tx
    .select({ id: significantPoints.id, testId: participants.testId })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(eq(significantPoints.participantId, participantId));
  const testId = points[0]?.testId;
  if (testId === undefined) return [];
  const theirs = new Set(points.map((point) => point.id));
  const reels = await tx
    .select({ reel: evidenceReels })
    .from(evidenceReels)
    .innerJoin(insights, eq(insights.id, evidenceReels.insightId))
    .where(eq(insights.testId, testId))
    .orderBy(evidenceReels.id)
    .for('update', { of: evidenceReels });
  const fileKeys: string[] = [];
  for (const { reel } of reels) {
    const showsThem = reel.fileKey !== null && reel.renderedPointIds.some((id) => theirs.has(id));
    const rendersThem = reel.state === 'rendering' && reel.clips.some((clip) => theirs.has(clip.point_id));
    if (!showsThem && !rendersThem) continue;
    if (showsThem && reel.fileKey) fileKeys.push(reel.fileKey);
    await tx
      .update(evidenceReels)
      .set({
        state: 'draft',
        message,
        ...(showsThem ? { fileKey: null, renderedPointIds: [], progress: 0 } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(evidenceReels.id, reel.id));
  }
  return fileKeys;
}
