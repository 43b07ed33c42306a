import { inArray, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { participantStreams } from '../../db/schema.js';

/** How many samples the participants' streams hold together: the rows of a samples export. */
export async function countSamples(db: Executor, participantIds: readonly number[]): Promise<number> {
  if (participantIds.length === 0) return 0;
  const [row] = await db
    .select({ total: sum(participantStreams.sampleCount) })
    .from(participantStreams)
    .where(inArray(participantStreams.participantId, [...participantIds]));
  return Number(row?.total ?? 0);
}
