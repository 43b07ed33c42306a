import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { announceChange } from '../../db/changes.js';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import {
  answers,
  bundles,
  categories,
  companies,
  contracts,
  flows,
  participants,
  profiles,
  tags,
  testQuestions,
  tests,
  users,
} from '../../db/schema.js';

export type TestRow = typeof tests.$inferSelect;
export type TestInsert = typeof tests.$inferInsert;
export type TestListRow = Awaited<ReturnType<typeof listTestRows>>[number];
export type TestDetailRow = NonNullable<Awaited<ReturnType<typeof findTestDetailRow>>>;

const requesters = alias(users, 'requesters');
const requesterProfiles = alias(profiles, 'requester_profiles');

const summaryColumns = {
  id: tests.id,
  name: tests.name,
  testType: tests.testType,
  platform: tests.platform,
  state: tests.state,
  internalState: tests.internalState,
  companyId: tests.companyId,
  companyName: companies.name,
  companyLicenceAnalysis: companies.licenceAnalysis,
  requesterId: tests.requesterId,
  requesterEmail: requesters.email,
  requesterFirstName: requesterProfiles.firstName,
  requesterLastName: requesterProfiles.lastName,
  researcherId: tests.researcherId,
  updatedAt: tests.updatedAt,
  createdAt: tests.createdAt,
};

/**
 * The test list's query, one per shape (a company or all), prepared once per database: the list
 * is the most read call and drizzle would build its SQL each time.
 */
function prepareTestList(db: Executor, forCompany: boolean) {
  return db
    .select(summaryColumns)
    .from(tests)
    .innerJoin(companies, eq(companies.id, tests.companyId))
    .leftJoin(requesters, eq(requesters.id, tests.requesterId))
    .leftJoin(requesterProfiles, eq(requesterProfiles.userId, tests.requesterId))
    .where(forCompany ? eq(tests.companyId, sql.placeholder('companyId')) : undefined)
    .orderBy(desc(tests.updatedAt), desc(tests.id))
    .prepare(`list_tests_${forCompany ? 'company' : 'all'}`);
}
const testListQueries = new WeakMap<Executor, Map<boolean, ReturnType<typeof prepareTestList>>>();

/** Tests newest first; all companies when `companyId` is null. */
export async function listTestRows(db: Executor, options: { companyId: number | null }) {
  const forCompany = options.companyId !== null;
  const queries = testListQueries.get(db) ?? new Map<boolean, ReturnType<typeof prepareTestList>>();
  testListQueries.set(db, queries);
  const query = queries.get(forCompany) ?? prepareTestList(db, forCompany);
  queries.set(forCompany, query);
  return query.execute({ companyId: options.companyId });
}

/** One test with every column, its company and requester; null when there is none. */
const testDetailQuery = preparedPerDatabase((db) =>
  db
    .select({ ...summaryColumns, test: tests })
    .from(tests)
    .innerJoin(companies, eq(companies.id, tests.companyId))
    .leftJoin(requesters, eq(requesters.id, tests.requesterId))
    .leftJoin(requesterProfiles, eq(requesterProfiles.userId, tests.requesterId))
    .where(eq(tests.id, sql.placeholder('id')))
    .prepare('find_test_detail'),
);

export async function findTestDetailRow(db: Executor, id: number) {
  const [row] = await testDetailQuery(db).execute({ id });
  return row ?? null;
}

export async function findTestRow(db: Executor, id: number): Promise<TestRow | null> {
  const [row] = await db.select().from(tests).where(eq(tests.id, id));
  return row ?? null;
}

/** The test row locked until the transaction ends (writes to one test run one after the other). */
export async function lockTestRow(db: Executor, id: number): Promise<TestRow | null> {
  const [row] = await db.select().from(tests).where(eq(tests.id, id)).for('update');
  return row ?? null;
}

/** The key of the test's stored video, or null; undefined when there is no such test. */
export async function findTestVideoKey(db: Executor, id: number): Promise<string | null | undefined> {
  const [row] = await db.select({ video: tests.video }).from(tests).where(eq(tests.id, id));
  return row ? row.video : undefined;
}

export async function insertTestRow(db: Executor, values: TestInsert): Promise<number> {
  const [row] = await db.insert(tests).values(values).returning({ id: tests.id });
  if (!row) throw new Error('insert into tests returned no row');
  announceChange({ testsOfCompanyId: values.companyId });
  return row.id;
}

export async function updateTestRow(db: Executor, id: number, changes: Partial<TestInsert>): Promise<void> {
  announceTestsChanged(await db.update(tests).set(changes).where(eq(tests.id, id)).returning(companyOfTest));
}

export async function deleteTestRow(db: Executor, id: number): Promise<void> {
  announceTestsChanged(await db.delete(tests).where(eq(tests.id, id)).returning(companyOfTest));
}

const companyOfTest = { companyId: tests.companyId };

/** Tells this process's test lists at once (db/changes.ts); other processes hear the trigger. */
function announceTestsChanged(changed: { companyId: number }[]): void {
  for (const { companyId } of changed) announceChange({ testsOfCompanyId: companyId });
}

/** Stored files of a test's participants, to remove after the test is gone. */
export async function listParticipantFilesOfTest(db: Executor, testId: number) {
  return db
    .select({ id: participants.id, video: participants.video })
    .from(participants)
    .where(eq(participants.testId, testId));
}

// ── what GET /tests/{id} carries besides the row ──

export type QuestionRow = typeof testQuestions.$inferSelect;
export type AnswerRow = typeof answers.$inferSelect;

const questionsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(testQuestions)
    .where(eq(testQuestions.testId, sql.placeholder('testId')))
    .orderBy(asc(testQuestions.position), asc(testQuestions.id))
    .prepare('list_test_questions'),
);

export async function listQuestionRows(db: Executor, testId: number): Promise<QuestionRow[]> {
  return questionsQuery(db).execute({ testId });
}

/** The answers to the test's questions (found through their questions, so the two load side by side). */
const answersQuery = preparedPerDatabase((db) =>
  db
    .select({ answer: answers })
    .from(answers)
    .innerJoin(testQuestions, eq(testQuestions.id, answers.questionId))
    .where(eq(testQuestions.testId, sql.placeholder('testId')))
    .orderBy(asc(answers.participantId), asc(answers.id))
    .prepare('list_test_answers'),
);

export async function listAnswerRows(db: Executor, testId: number): Promise<AnswerRow[]> {
  return (await answersQuery(db).execute({ testId })).map((row) => row.answer);
}

/** Finished participants of every type (a video_heatmap participant means video results exist). */
export async function listFinishedParticipantRefs(db: Executor, testId: number) {
  return db
    .select({
      id: participants.id,
      realId: participants.realId,
      type: participants.type,
      source: participants.source,
      startedAt: participants.startedAt,
      endedAt: participants.endedAt,
    })
    .from(participants)
    .where(and(eq(participants.testId, testId), eq(participants.state, 'finished')))
    .orderBy(asc(participants.id));
}

export async function listTagRefs(db: Executor, testId: number) {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.testId, testId))
    .orderBy(asc(tags.name), asc(tags.id));
}

// ── questions ──

export async function insertQuestionRows(db: Executor, rows: (typeof testQuestions.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(testQuestions).values(rows);
}

export async function updateQuestionRow(
  db: Executor,
  id: number,
  changes: Partial<typeof testQuestions.$inferInsert>,
): Promise<void> {
  await db.update(testQuestions).set(changes).where(eq(testQuestions.id, id));
}

export async function deleteQuestionRows(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(testQuestions).where(inArray(testQuestions.id, ids));
}

// ── credits ──

/**
 * Takes one credit of `testType` from the company's active contracts: from the contract that ends
 * first, its oldest bundle with tests left. Answers the bundle, or null when none is left. The
 * company row is locked first, so that concurrent requests of one company take credits one after
 * the other and never more than there are.
 */
export async function takeCredit(
  db: Executor,
  companyId: number,
  testType: 'essential' | 'professional',
  today: string,
): Promise<number | null> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const [bundle] = await db
    .select({ id: bundles.id })
    .from(bundles)
    .innerJoin(contracts, eq(contracts.id, bundles.contractId))
    .where(
      and(
        eq(contracts.companyId, companyId),
        lte(contracts.startDate, today),
        gt(contracts.endDate, today),
        eq(bundles.testType, testType),
        sql`${bundles.requested} < ${bundles.tests}`,
      ),
    )
    .orderBy(asc(contracts.endDate), asc(bundles.id))
    .limit(1);
  if (!bundle) return null;
  await db
    .update(bundles)
    .set({ requested: sql`${bundles.requested} + 1` })
    .where(eq(bundles.id, bundle.id));
  return bundle.id;
}

/** Gives a credit back to its bundle (never below zero). */
export async function returnCredit(db: Executor, bundleId: number): Promise<void> {
  await db
    .update(bundles)
    .set({ requested: sql`greatest(${bundles.requested} - 1, 0)` })
    .where(eq(bundles.id, bundleId));
}

// ── references a test points at ──

export async function listCategoryRows(db: Executor) {
  return db.select().from(categories).orderBy(asc(categories.id));
}

export async function listFlowRows(db: Executor) {
  return db.select().from(flows).orderBy(asc(flows.id));
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}

export async function flowExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: flows.id }).from(flows).where(eq(flows.id, id));
  return row !== undefined;
}
