import type { Cohort } from '@limbus/contract';
import { and, asc, eq, inArray, like, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inCohort } from '../../db/cohorts.js';
import {
  answers,
  categories,
  consultancyNotes,
  labels,
  participants,
  testQuestions,
  tests,
  videoScoreMeans,
} from '../../db/schema.js';

export type NoteRow = typeof consultancyNotes.$inferSelect;

/**
 * The viewers the stats count: real ones, and generated ones (real_id `generated-…`) only when a
 * researcher counted them (excluded_from_metrics off; they are created excluded).
 */
const countsInStats = (prefix: string) =>
  and(
    eq(participants.type, 'default'),
    or(not(like(participants.realId, `${prefix}%`)), eq(participants.excludedFromMetrics, false)),
  );

/** The labels with the test each belongs to; unknown ids are absent. */
export async function findLabelTests(db: Executor, labelIds: number[]) {
  return db.select({ id: labels.id, testId: labels.testId }).from(labels).where(inArray(labels.id, labelIds));
}

export async function listNoteRows(db: Executor, testId: number): Promise<NoteRow[]> {
  return db
    .select({
      id: consultancyNotes.id,
      labelId: consultancyNotes.labelId,
      noteType: consultancyNotes.noteType,
      note: consultancyNotes.note,
      updatedAt: consultancyNotes.updatedAt,
    })
    .from(consultancyNotes)
    .innerJoin(labels, eq(labels.id, consultancyNotes.labelId))
    .where(eq(labels.testId, testId))
    .orderBy(asc(consultancyNotes.labelId), asc(consultancyNotes.noteType));
}

/** The notes already written for these scenes and types (a scene has one of each type). */
export async function findExistingNotes(db: Executor, labelIds: number[]) {
  return db
    .select({ labelId: consultancyNotes.labelId, noteType: consultancyNotes.noteType })
    .from(consultancyNotes)
    .where(inArray(consultancyNotes.labelId, labelIds));
}

export async function insertNoteRows(
  db: Executor,
  rows: { labelId: number; noteType: number; note: string }[],
): Promise<NoteRow[]> {
  return db.insert(consultancyNotes).values(rows).returning();
}

/** A note with the test it belongs to; null when there is none. */
export async function findNoteOwner(db: Executor, id: number) {
  const [row] = await db
    .select({ id: consultancyNotes.id, testId: labels.testId })
    .from(consultancyNotes)
    .innerJoin(labels, eq(labels.id, consultancyNotes.labelId))
    .where(eq(consultancyNotes.id, id));
  return row ?? null;
}

export async function updateNoteRow(db: Executor, id: number, note: string): Promise<NoteRow | null> {
  const [row] = await db
    .update(consultancyNotes)
    .set({ note, updatedAt: sql`now()` })
    .where(eq(consultancyNotes.id, id))
    .returning();
  return row ?? null;
}

/** Demographics of the test's viewers that count (real ones and counted generated ones). */
export async function listViewerDemographics(
  db: Executor,
  testId: number,
  generatedPrefix: string,
  cohort: Cohort = 'all',
) {
  return db
    .select({ demographic: participants.demographic })
    .from(participants)
    .where(and(eq(participants.testId, testId), countsInStats(generatedPrefix), inCohort(cohort)));
}

/** What the results screens need of the test itself. */
export async function findVideoTestRow(db: Executor, testId: number) {
  const [row] = await db
    .select({
      video: tests.video,
      internalState: tests.internalState,
      targetGroup: tests.targetGroup,
      customTarget: tests.customTarget,
      shownAssociationIds: tests.shownAssociationIds,
    })
    .from(tests)
    .where(eq(tests.id, testId));
  return row ?? null;
}

export async function setShownAssociations(db: Executor, testId: number, ids: number[]): Promise<void> {
  await db.update(tests).set({ shownAssociationIds: ids }).where(eq(tests.id, testId));
}

export async function listQuestionRows(db: Executor, testId: number) {
  return db
    .select({ id: testQuestions.id, kind: testQuestions.kind, text: testQuestions.text })
    .from(testQuestions)
    .where(eq(testQuestions.testId, testId))
    .orderBy(asc(testQuestions.kind), asc(testQuestions.position), asc(testQuestions.id));
}

/** The answers of the viewers that count to the test's questions. */
export async function listViewerAnswers(
  db: Executor,
  testId: number,
  generatedPrefix: string,
  cohort: Cohort = 'all',
) {
  return db
    .select({
      questionId: answers.questionId,
      participantId: answers.participantId,
      text: answers.text,
      translation: answers.translation,
      score: answers.score,
      checked: answers.checked,
    })
    .from(answers)
    .innerJoin(testQuestions, eq(testQuestions.id, answers.questionId))
    .innerJoin(participants, eq(participants.id, answers.participantId))
    .where(and(eq(testQuestions.testId, testId), countsInStats(generatedPrefix), inCohort(cohort)))
    .orderBy(asc(answers.participantId));
}

/** The test's company and category (with its name; null without one). */
export async function findNormGroupsOf(db: Executor, testId: number) {
  const [row] = await db
    .select({ companyId: tests.companyId, categoryId: tests.categoryId, categoryName: categories.name })
    .from(tests)
    .leftJoin(categories, eq(categories.id, tests.categoryId))
    .where(eq(tests.id, testId));
  return row ?? null;
}

export type PeerResultRow = Awaited<ReturnType<typeof listPeerResults>>[number];

/**
 * The processed results (finished video participants) of the other video tests of a company or
 * of a category, with their stored mean scores (null where processing ran before they were kept).
 */
export async function listPeerResults(
  db: Executor,
  testId: number,
  group: { companyId: number } | { categoryId: number },
) {
  const inGroup: SQL =
    'companyId' in group ? eq(tests.companyId, group.companyId) : eq(tests.categoryId, group.categoryId);
  return db
    .select({
      testId: participants.testId,
      participantId: participants.id,
      startedAt: participants.startedAt,
      endedAt: participants.endedAt,
      joy: videoScoreMeans.joy,
      attention: videoScoreMeans.attention,
      frustration: videoScoreMeans.frustration,
    })
    .from(participants)
    .innerJoin(tests, eq(tests.id, participants.testId))
    .leftJoin(videoScoreMeans, eq(videoScoreMeans.participantId, participants.id))
    .where(
      and(
        inGroup,
        ne(tests.id, testId),
        eq(tests.platform, 'video'),
        eq(participants.type, 'video_heatmap'),
        eq(participants.state, 'finished'),
      ),
    );
}

/** Stores (or replaces) the mean scores of a video participant. */
export async function upsertScoreMeans(
  db: Executor,
  participantId: number,
  means: { joy: number; attention: number; frustration: number },
): Promise<void> {
  await db
    .insert(videoScoreMeans)
    .values({ participantId, ...means })
    .onConflictDoUpdate({ target: videoScoreMeans.participantId, set: means });
}
