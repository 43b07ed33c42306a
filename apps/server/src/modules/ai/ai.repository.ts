import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tests } from '../../db/schema.js';

/** The test an insight belongs to, with what a model is told about it. */
export async function findTestAbout(
  db: Executor,
  id: number,
): Promise<{ id: number; companyId: number; name: string; purpose: string } | null> {
  const [row] = await db
    .select({ id: tests.id, companyId: tests.companyId, name: tests.name, purpose: tests.purpose })
    .from(tests)
    .where(eq(tests.id, id));
  return row ?? null;
}
