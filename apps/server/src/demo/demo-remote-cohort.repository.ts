import type { Executor } from '../db/client.js';
import { remoteCohorts, remoteSessions, remoteValidations } from '../db/schema.js';

/** The demo's remote cohort rows, written as they are: a cohort, its sessions and their validations (demo-remote-cohort.ts). */

export async function insertDemoCohort(
  db: Executor,
  values: Omit<typeof remoteCohorts.$inferInsert, 'id'>,
): Promise<number> {
  const [row] = await db.insert(remoteCohorts).values(values).returning({ id: remoteCohorts.id });
  if (!row) throw new Error('remote cohort not inserted');
  return row.id;
}

export async function insertDemoSession(
  db: Executor,
  values: Omit<typeof remoteSessions.$inferInsert, 'id'>,
): Promise<number> {
  const [row] = await db.insert(remoteSessions).values(values).returning({ id: remoteSessions.id });
  if (!row) throw new Error('remote session not inserted');
  return row.id;
}

export async function insertDemoValidations(
  db: Executor,
  rows: Omit<typeof remoteValidations.$inferInsert, 'id'>[],
): Promise<void> {
  if (rows.length > 0) await db.insert(remoteValidations).values(rows);
}
