import { DEMO_TAG_DESCRIPTIONS } from '@limbus/demo-data';
import type { Executor } from '../db/client.js';
import { describeTag } from './demo-records.repository.js';

/** Gives the test's tags the researchers' one-line descriptions (tags are made by recording its points). */
export async function describeDemoTags(db: Executor, testId: number): Promise<void> {
  for (const [name, description] of Object.entries(DEMO_TAG_DESCRIPTIONS)) {
    await describeTag(db, testId, name, description);
  }
}
