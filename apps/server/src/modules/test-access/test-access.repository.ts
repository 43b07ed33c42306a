import type { Platform, TestState, TestType } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tests } from '../../db/schema.js';

/** What access to a test depends on: its company, state, tier and platform. */
export type TestAccessRow = {
  id: number;
  companyId: number;
  state: TestState;
  testType: TestType;
  platform: Platform;
  addons: string[];
};

/** The test's owner company and what else access depends on; null when there is no such test. */
export async function findTestOwner(db: Executor, id: number): Promise<TestAccessRow | null> {
  const [row] = await db
    .select({
      id: tests.id,
      companyId: tests.companyId,
      state: tests.state,
      testType: tests.testType,
      platform: tests.platform,
      addons: tests.addons,
    })
    .from(tests)
    .where(eq(tests.id, id));
  return row ?? null;
}
