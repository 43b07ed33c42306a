import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type ScreenGeometryRecord, type TestSetupStatus, testSetups } from '../../db/schema.js';

export type TestSetupRow = typeof testSetups.$inferSelect;

export async function listTestSetupRows(db: Executor): Promise<TestSetupRow[]> {
  return db.select().from(testSetups).orderBy(desc(testSetups.id));
}

export async function findTestSetupByKeyHash(db: Executor, keyHash: string): Promise<TestSetupRow | null> {
  const [row] = await db.select().from(testSetups).where(eq(testSetups.keyHash, keyHash));
  return row ?? null;
}

export async function insertTestSetupRow(
  db: Executor,
  values: { name: string; ip: string; keyHash: string; geometry: ScreenGeometryRecord | null },
): Promise<TestSetupRow> {
  const [row] = await db.insert(testSetups).values(values).returning();
  if (!row) throw new Error('insert into test_setups returned no row');
  return row;
}

export async function updateTestSetupRow(
  db: Executor,
  id: number,
  changes: { name?: string; ip?: string; geometry?: ScreenGeometryRecord | null },
): Promise<TestSetupRow | null> {
  const [row] = await db.update(testSetups).set(changes).where(eq(testSetups.id, id)).returning();
  return row ?? null;
}

export async function updateTestSetupKey(
  db: Executor,
  id: number,
  keyHash: string,
): Promise<TestSetupRow | null> {
  const [row] = await db.update(testSetups).set({ keyHash }).where(eq(testSetups.id, id)).returning();
  return row ?? null;
}

export async function deleteTestSetupRow(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(testSetups).where(eq(testSetups.id, id)).returning({ id: testSetups.id });
  return rows.length > 0;
}

export async function recordHeartbeat(
  db: Executor,
  id: number,
  status: TestSetupStatus,
  at: Date,
): Promise<TestSetupRow | null> {
  const [row] = await db
    .update(testSetups)
    .set({ status: sql`${JSON.stringify(status)}::jsonb`, lastHeartbeatAt: at })
    .where(eq(testSetups.id, id))
    .returning();
  return row ?? null;
}
