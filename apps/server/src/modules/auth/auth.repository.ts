import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies } from '../../db/schema.js';

/** The demo company, which self sign-ups join; null when there is none. */
export async function findDemoCompanyId(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.isDemo, true))
    .limit(1);
  return row?.id ?? null;
}
