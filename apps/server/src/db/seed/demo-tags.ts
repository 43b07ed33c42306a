import { DEMO_TAG_DESCRIPTIONS } from '@limbus/demo-data';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { tags } from '../schema.js';

/** Gives the test's tags the researchers' one-line descriptions (tags are made by recording its points). */
export async function describeDemoTags(db: Executor, testId: number): Promise<void> {
  for (const [name, description] of Object.entries(DEMO_TAG_DESCRIPTIONS)) {
    await db
      .update(tags)
      .set({ description })
      .where(and(eq(tags.testId, testId), sql`lower(${tags.name}) = lower(${name})`));
  }
}
