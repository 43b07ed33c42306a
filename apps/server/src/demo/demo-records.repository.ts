import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  answers,
  bundles,
  categories,
  companies,
  consultancyNotes,
  contracts,
  countries,
  insightSignificantPoints,
  insights,
  labels,
  participants,
  predictionProjects,
  predictions,
  tags,
  testQuestions,
  tests,
} from '../db/schema.js';

/**
 * The rows the demo seed writes as they are, without a module's rules: companies with the spec's
 * ids, tests in their final state, questionnaires with every answer, the consultant's notes.
 */

export async function findCountryId(db: Executor, code: string): Promise<number | null> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  return country?.id ?? null;
}

/** Companies with the ids they are given; the id sequence then continues after the highest. */
export async function insertCompaniesWithIds(
  db: Executor,
  rows: (typeof companies.$inferInsert & { id: number })[],
): Promise<void> {
  await db.insert(companies).values(rows);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
  );
}

export async function setCompanyStaff(
  db: Executor,
  companyId: number,
  staff: { adminId: number | null; consultantId: number | null; businessDeveloperId: number | null },
): Promise<void> {
  await db.update(companies).set(staff).where(eq(companies.id, companyId));
}

export async function findCompanyAdminId(db: Executor, companyId: number): Promise<number | null> {
  const [company] = await db
    .select({ adminId: companies.adminId })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.adminId ?? null;
}

export async function insertContract(db: Executor, values: typeof contracts.$inferInsert): Promise<number> {
  const [row] = await db.insert(contracts).values(values).returning();
  if (!row) throw new Error('insert into contracts returned no row');
  return row.id;
}

export async function insertBundles(db: Executor, rows: (typeof bundles.$inferInsert)[]): Promise<void> {
  await db.insert(bundles).values(rows);
}

export async function insertTests(db: Executor, rows: (typeof tests.$inferInsert)[]): Promise<void> {
  await db.insert(tests).values(rows);
}

export async function insertTest(db: Executor, values: typeof tests.$inferInsert): Promise<number> {
  const [test] = await db.insert(tests).values(values).returning({ id: tests.id });
  if (!test) throw new Error('insert into tests returned no row');
  return test.id;
}

export async function findCategoryId(db: Executor, name: string): Promise<number | null> {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
  return category?.id ?? null;
}

export async function setTestVideo(db: Executor, testId: number, video: string): Promise<void> {
  await db.update(tests).set({ video }).where(eq(tests.id, testId));
}

export async function setShownAssociations(
  db: Executor,
  testId: number,
  questionIds: number[],
): Promise<void> {
  await db.update(tests).set({ shownAssociationIds: questionIds }).where(eq(tests.id, testId));
}

export async function insertLabels(db: Executor, rows: (typeof labels.$inferInsert)[]): Promise<void> {
  await db.insert(labels).values(rows);
}

export function listLabels(db: Executor, testId: number): Promise<{ id: number; name: string }[]> {
  return db.select({ id: labels.id, name: labels.name }).from(labels).where(eq(labels.testId, testId));
}

/** Answers the ids of the inserted questions, in the order given. */
export async function insertQuestions(
  db: Executor,
  rows: (typeof testQuestions.$inferInsert)[],
): Promise<number[]> {
  const inserted = await db.insert(testQuestions).values(rows).returning({ id: testQuestions.id });
  return inserted.map((row) => row.id);
}

export async function insertAnswers(db: Executor, rows: (typeof answers.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(answers).values(rows);
}

/** Gives the test's tag of this name (in any case) its description. */
export async function describeTag(
  db: Executor,
  testId: number,
  name: string,
  description: string,
): Promise<void> {
  await db
    .update(tags)
    .set({ description })
    .where(and(eq(tags.testId, testId), sql`lower(${tags.name}) = lower(${name})`));
}

export async function insertConsultancyNotes(
  db: Executor,
  rows: (typeof consultancyNotes.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(consultancyNotes).values(rows);
}

/** What a participant's screen recording is made from: its test's platform, its start, and any video it has. */
export async function findRecordedParticipant(db: Executor, participantId: number) {
  const [row] = await db
    .select({ video: participants.video, platform: tests.platform, startedAt: participants.startedAt })
    .from(participants)
    .innerJoin(tests, eq(tests.id, participants.testId))
    .where(eq(participants.id, participantId));
  return row ?? null;
}

export async function findPredictionProjectId(
  db: Executor,
  companyId: number,
  name: string,
): Promise<number | null> {
  const [project] = await db
    .select({ id: predictionProjects.id })
    .from(predictionProjects)
    .where(and(eq(predictionProjects.companyId, companyId), eq(predictionProjects.name, name)));
  return project?.id ?? null;
}

export async function hasPrediction(db: Executor, companyId: number, title: string): Promise<boolean> {
  const [prediction] = await db
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(eq(predictions.companyId, companyId), eq(predictions.title, title)));
  return prediction !== undefined;
}

/** The id of the company's complete (done) demo test of this name, or null. */
export async function findDoneTestId(db: Executor, companyId: number, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: tests.id })
    .from(tests)
    .where(and(eq(tests.companyId, companyId), eq(tests.name, name), eq(tests.state, 'done')))
    .orderBy(tests.id)
    .limit(1);
  return row?.id ?? null;
}

/** The test's `count` insights with the most significant points, then in their order (#1 first). */
export async function insightsWithMostPoints(db: Executor, testId: number, count: number): Promise<number[]> {
  const points = sql<number>`count(${insightSignificantPoints.significantPointId})`;
  const rows = await db
    .select({ id: insights.id })
    .from(insights)
    .leftJoin(insightSignificantPoints, eq(insightSignificantPoints.insightId, insights.id))
    .where(eq(insights.testId, testId))
    .groupBy(insights.id)
    .orderBy(sql`${points} desc`, insights.assignedId, insights.id)
    .limit(count);
  return rows.map((row) => row.id);
}
