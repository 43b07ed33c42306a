import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { labels } from '../../db/schema.js';

/** The test's page titles (labels), oldest first: the journey's pages in their order. */
export async function listJourneyPageRows(db: Executor, testId: number) {
  return db.select().from(labels).where(eq(labels.testId, testId)).orderBy(asc(labels.id));
}
