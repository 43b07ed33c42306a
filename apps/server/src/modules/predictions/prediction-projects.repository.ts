import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { predictionProjects, users } from '../../db/schema.js';

export type ProjectRow = typeof predictionProjects.$inferSelect & { requesterEmail: string | null };
export type ProjectValues = Pick<
  typeof predictionProjects.$inferInsert,
  'companyId' | 'requesterId' | 'name' | 'description'
>;

const selection = { project: predictionProjects, requesterEmail: users.email };
const toRow = (row: { project: typeof predictionProjects.$inferSelect; requesterEmail: string | null }) => ({
  ...row.project,
  requesterEmail: row.requesterEmail,
});

/** A company's projects, newest first. */
export async function listProjectRows(db: Executor, companyId: number): Promise<ProjectRow[]> {
  const rows = await db
    .select(selection)
    .from(predictionProjects)
    .leftJoin(users, eq(users.id, predictionProjects.requesterId))
    .where(eq(predictionProjects.companyId, companyId))
    .orderBy(desc(predictionProjects.id));
  return rows.map(toRow);
}

/** A project of `companyId`; null for any other company's, as if it did not exist. */
export async function findProjectRow(
  db: Executor,
  id: number,
  companyId: number | null,
): Promise<ProjectRow | null> {
  if (companyId === null) return null;
  const [row] = await db
    .select(selection)
    .from(predictionProjects)
    .leftJoin(users, eq(users.id, predictionProjects.requesterId))
    .where(and(eq(predictionProjects.id, id), eq(predictionProjects.companyId, companyId)));
  return row ? toRow(row) : null;
}

export async function insertProject(db: Executor, values: ProjectValues): Promise<number> {
  const [row] = await db.insert(predictionProjects).values(values).returning({ id: predictionProjects.id });
  if (!row) throw new Error('insert into prediction_projects returned no row');
  return row.id;
}

export async function updateProject(
  db: Executor,
  id: number,
  values: Partial<Pick<ProjectValues, 'name' | 'description'>>,
): Promise<void> {
  await db
    .update(predictionProjects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(predictionProjects.id, id));
}

/** Deletes a project; its predictions stay, unfiled (the foreign key sets them null). */
export async function deleteProjectRow(db: Executor, id: number): Promise<void> {
  await db.delete(predictionProjects).where(eq(predictionProjects.id, id));
}

/** Whether `companyId` has a project `id` (a prediction may be filed only in its own company's). */
export async function companyHasProject(db: Executor, id: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(predictionProjects)
    .where(and(eq(predictionProjects.id, id), eq(predictionProjects.companyId, companyId)));
  return (row?.n ?? 0) > 0;
}
