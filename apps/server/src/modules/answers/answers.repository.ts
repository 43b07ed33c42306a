import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { answers, participants, testQuestions } from '../../db/schema.js';

export type AnswerRow = typeof answers.$inferSelect;
export type QuestionRow = typeof testQuestions.$inferSelect;
export type AnswerValues = { text?: string; translation?: string; score?: number | null; checked?: boolean };

export async function findQuestionRow(db: Executor, id: number): Promise<QuestionRow | null> {
  const [row] = await db.select().from(testQuestions).where(eq(testQuestions.id, id));
  return row ?? null;
}

export async function findParticipantTest(db: Executor, participantId: number): Promise<number | null> {
  const [row] = await db
    .select({ testId: participants.testId })
    .from(participants)
    .where(eq(participants.id, participantId));
  return row?.testId ?? null;
}

/** The answer with the test and kind of its question. */
export async function findAnswerOwner(db: Executor, id: number) {
  const [row] = await db
    .select({ answer: answers, testId: testQuestions.testId, kind: testQuestions.kind })
    .from(answers)
    .innerJoin(testQuestions, eq(testQuestions.id, answers.questionId))
    .where(eq(answers.id, id));
  return row ?? null;
}

/** Inserts the participant's answer to the question, or changes the one there is. */
export async function upsertAnswerRow(
  db: Executor,
  questionId: number,
  participantId: number,
  values: AnswerValues,
): Promise<AnswerRow> {
  const [row] = await db
    .insert(answers)
    .values({ questionId, participantId, ...values })
    .onConflictDoUpdate({ target: [answers.questionId, answers.participantId], set: { ...values } })
    .returning();
  if (!row) throw new Error('upsert into answers returned no row');
  return row;
}

/** upsertAnswerRow for each answer of the participant, in one transaction. */
export async function upsertAnswerRows(
  db: Executor,
  participantId: number,
  rows: readonly { questionId: number; values: AnswerValues }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { questionId, values } of rows) await upsertAnswerRow(tx, questionId, participantId, values);
  });
}

export async function updateAnswerRow(
  db: Executor,
  id: number,
  values: AnswerValues,
): Promise<AnswerRow | null> {
  const [row] = await db.update(answers).set(values).where(eq(answers.id, id)).returning();
  return row ?? null;
}

export async function deleteAnswerRow(db: Executor, id: number): Promise<void> {
  await db.delete(answers).where(eq(answers.id, id));
}

/** The test's questions in order, each with this participant's answer (or null). */
export async function listQuestionsWithAnswers(db: Executor, testId: number, participantId: number) {
  return db
    .select({ question: testQuestions, answer: answers })
    .from(testQuestions)
    .leftJoin(
      answers,
      and(eq(answers.questionId, testQuestions.id), eq(answers.participantId, participantId)),
    )
    .where(eq(testQuestions.testId, testId))
    .orderBy(asc(testQuestions.kind), asc(testQuestions.position), asc(testQuestions.id));
}

/** The kinds of those of `ids` that are questions of the test, by id. */
export async function findQuestionKindsOfTest(
  db: Executor,
  testId: number,
  ids: readonly number[],
): Promise<Map<number, QuestionRow['kind']>> {
  const rows = await db
    .select({ id: testQuestions.id, kind: testQuestions.kind })
    .from(testQuestions)
    .where(and(eq(testQuestions.testId, testId), inArray(testQuestions.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.kind]));
}

/** The test's questions in the order the research area lists them. */
export function listQuestionRowsOfTest(db: Executor, testId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(testQuestions)
    .where(eq(testQuestions.testId, testId))
    .orderBy(asc(testQuestions.kind), asc(testQuestions.position), asc(testQuestions.id));
}

/** Whether the participant has any answer. */
export async function hasAnswerRows(db: Executor, participantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: answers.id })
    .from(answers)
    .where(eq(answers.participantId, participantId))
    .limit(1);
  return row !== undefined;
}
