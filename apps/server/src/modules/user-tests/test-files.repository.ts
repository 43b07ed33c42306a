import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { participantStreams, participants, tests } from '../../db/schema.js';

/** The test's own stored files: its video and report. */
export async function findTestFileRow(db: Executor, testId: number) {
  const [row] = await db
    .select({ name: tests.name, video: tests.video, report: tests.report, updatedAt: tests.updatedAt })
    .from(tests)
    .where(eq(tests.id, testId));
  return row ?? null;
}

/** Participants of the test with a screen recording, in the order of the participants list. */
export function listRecordingRows(db: Executor, testId: number) {
  return db
    .select({
      id: participants.id,
      realId: participants.realId,
      video: participants.video,
      updatedAt: participants.updatedAt,
    })
    .from(participants)
    .where(and(eq(participants.testId, testId), isNotNull(participants.video)))
    .orderBy(asc(participants.id));
}

/** Every stored sample stream of the test's participants. */
export function listStreamFileRows(db: Executor, testId: number) {
  return db
    .select({
      participantId: participants.id,
      realId: participants.realId,
      kind: participantStreams.kind,
      byteSize: participantStreams.byteSize,
      updatedAt: participantStreams.updatedAt,
    })
    .from(participantStreams)
    .innerJoin(participants, eq(participants.id, participantStreams.participantId))
    .where(eq(participants.testId, testId))
    .orderBy(asc(participants.id), asc(participantStreams.kind));
}
