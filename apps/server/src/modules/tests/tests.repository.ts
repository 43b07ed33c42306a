import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, tests } from '../../db/schema.js';

export type TestListRow = Awaited<ReturnType<typeof listTestRows>>[number];

const summaryColumns = {
  id: tests.id,
  name: tests.name,
  testType: tests.testType,
  platform: tests.platform,
  state: tests.state,
  companyId: tests.companyId,
  companyName: companies.name,
  companyLicenceAnalysis: companies.licenceAnalysis,
  updatedAt: tests.updatedAt,
  createdAt: tests.createdAt,
};

/** Tests newest first; all companies when `companyId` is null. */
export async function listTestRows(db: Executor, options: { companyId: number | null; limit?: number }) {
  const query = db
    .select(summaryColumns)
    .from(tests)
    .innerJoin(companies, eq(companies.id, tests.companyId))
    .where(options.companyId === null ? undefined : eq(tests.companyId, options.companyId))
    .orderBy(desc(tests.updatedAt), desc(tests.id));
  return options.limit ? query.limit(options.limit) : query;
}

/** The test's owner company, for access checks; null when there is no such test. */
export async function findTestOwner(
  db: Executor,
  id: number,
): Promise<{ id: number; companyId: number } | null> {
  const [row] = await db
    .select({ id: tests.id, companyId: tests.companyId })
    .from(tests)
    .where(eq(tests.id, id));
  return row ?? null;
}

/** One test with its company and the detail fields of GET /tests/{id}; null when there is none. */
export async function findTestDetailRow(db: Executor, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      purpose: tests.purpose,
      scenario: tests.scenario,
      url: tests.url,
      addons: tests.addons,
      internalState: tests.internalState,
      video: tests.video,
    })
    .from(tests)
    .innerJoin(companies, eq(companies.id, tests.companyId))
    .where(eq(tests.id, id));
  return row ?? null;
}

/** The key of the test's stored video, or null; undefined when there is no such test. */
export async function findTestVideoKey(db: Executor, id: number): Promise<string | null | undefined> {
  const [row] = await db.select({ video: tests.video }).from(tests).where(eq(tests.id, id));
  return row ? row.video : undefined;
}
