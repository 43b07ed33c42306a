import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { participants, sections } from '../../db/schema.js';

/**
 * Each participant's first section with the page title `labelId` among the test's participants
 * (the earliest start; of two that start together, the first stored), by participant.
 */
export async function listFirstVisitRows(db: Executor, testId: number, labelId: number) {
  return db
    .selectDistinctOn([sections.participantId], {
      participantId: sections.participantId,
      timestampStart: sections.timestampStart,
      timestampEnd: sections.timestampEnd,
    })
    .from(sections)
    .innerJoin(participants, eq(participants.id, sections.participantId))
    .where(and(eq(participants.testId, testId), eq(sections.labelId, labelId)))
    .orderBy(asc(sections.participantId), asc(sections.timestampStart), asc(sections.id));
}
export type FirstVisitRow = Awaited<ReturnType<typeof listFirstVisitRows>>[number];
