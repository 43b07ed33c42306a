import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  participants,
  profiles,
  remoteCohorts,
  remoteSessions,
  remoteValidations,
  tests,
} from '../../db/schema.js';

/** How a cohort judges its participants' calibrations, as stored. */
export type GazeSettingsRow = {
  gazeThresholdDeg: number;
  gazeMaxRecalibrations: number;
  gazeOnFailure: (typeof remoteCohorts.$inferSelect)['gazeOnFailure'];
  gazeWithoutValidation: boolean;
};

const gazeSettingsColumns = {
  gazeThresholdDeg: remoteCohorts.gazeThresholdDeg,
  gazeMaxRecalibrations: remoteCohorts.gazeMaxRecalibrations,
  gazeOnFailure: remoteCohorts.gazeOnFailure,
  gazeWithoutValidation: remoteCohorts.gazeWithoutValidation,
};

/** A cohort with the name of who opened it. */
export type CohortRow = GazeSettingsRow & {
  id: number;
  companyId: number;
  testId: number;
  cap: number;
  participantsCreated: number;
  expiresAt: Date;
  redirectUrl: string | null;
  createdBy: string | null;
  createdAt: Date;
  revokedAt: Date | null;
};

const creatorName = sql<
  string | null
>`nullif(trim(${profiles.firstName} || ' ' || ${profiles.lastName}), '')`;

const selectCohorts = (db: Executor) =>
  db
    .select({
      id: remoteCohorts.id,
      companyId: remoteCohorts.companyId,
      testId: remoteCohorts.testId,
      cap: remoteCohorts.cap,
      participantsCreated: remoteCohorts.participantsCreated,
      expiresAt: remoteCohorts.expiresAt,
      redirectUrl: remoteCohorts.redirectUrl,
      createdBy: creatorName,
      createdAt: remoteCohorts.createdAt,
      revokedAt: remoteCohorts.revokedAt,
      ...gazeSettingsColumns,
    })
    .from(remoteCohorts)
    .leftJoin(profiles, eq(profiles.userId, remoteCohorts.createdById));

export async function findCohortRow(db: Executor, id: number): Promise<CohortRow | null> {
  const [row] = await selectCohorts(db).where(eq(remoteCohorts.id, id));
  return row ?? null;
}

export async function findCohortRowByTokenHash(db: Executor, tokenHash: string): Promise<CohortRow | null> {
  const [row] = await selectCohorts(db).where(eq(remoteCohorts.tokenHash, tokenHash));
  return row ?? null;
}

/** The test's cohorts, newest first. */
export function listCohortRows(db: Executor, testId: number): Promise<CohortRow[]> {
  return selectCohorts(db)
    .where(eq(remoteCohorts.testId, testId))
    .orderBy(desc(remoteCohorts.createdAt), desc(remoteCohorts.id));
}

export async function insertCohortRow(
  db: Executor,
  values: GazeSettingsRow & {
    companyId: number;
    testId: number;
    tokenHash: string;
    cap: number;
    expiresAt: Date;
    redirectUrl: string | null;
    createdById: number;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(remoteCohorts).values(values).returning({ id: remoteCohorts.id });
  if (!row) throw new Error('remote cohort not inserted');
  return row.id;
}

/** Closes the cohort; one closed before keeps its first time. */
export async function revokeCohortRow(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(remoteCohorts)
    .set({ revokedAt: sql`coalesce(${remoteCohorts.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(remoteCohorts.id, id));
}

/** The name, kind, language and video (its file's key, or null) of a cohort's test, which its participants are shown. */
export async function findStudyTestRow(db: Executor, testId: number) {
  const [row] = await db
    .select({
      name: tests.name,
      platform: tests.platform,
      translation: tests.translation,
      video: tests.video,
      url: tests.url,
      scenario: tests.scenario,
    })
    .from(tests)
    .where(eq(tests.id, testId));
  return row ?? null;
}

export async function hasSessionWithExternalId(
  db: Executor,
  cohortId: number,
  externalId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: remoteSessions.id })
    .from(remoteSessions)
    .where(and(eq(remoteSessions.cohortId, cohortId), eq(remoteSessions.externalId, externalId)));
  return row !== undefined;
}

/** A joined participant, as consent and the audit trail name it. */
export type JoinedParticipant = { id: number; testId: number; realId: string; auditSubject: string };

export type JoinOutcome =
  | { joined: JoinedParticipant }
  | { refused: 'closed' }
  | { refused: 'external_id_taken' };

class ExternalIdTaken extends Error {}

/**
 * Takes one place of the cohort and creates its participant (source webcam) and session, in one
 * transaction. The place is taken by one conditional update, which also locks the cohort's row:
 * joins of one cohort queue behind each other, so the count never passes the cap and a panel id
 * joins once.
 */
export async function joinCohortRows(
  db: Executor,
  input: {
    cohortId: number;
    externalId: string | null;
    now: Date;
    sessionTokenHash: string;
    sessionExpiresAt: Date;
  },
): Promise<JoinOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [place] = await tx
        .update(remoteCohorts)
        .set({ participantsCreated: sql`${remoteCohorts.participantsCreated} + 1` })
        .where(
          and(
            eq(remoteCohorts.id, input.cohortId),
            sql`${remoteCohorts.revokedAt} is null`,
            gt(remoteCohorts.expiresAt, input.now),
            lt(remoteCohorts.participantsCreated, remoteCohorts.cap),
          ),
        )
        .returning({ number: remoteCohorts.participantsCreated, testId: remoteCohorts.testId });
      if (!place) return { refused: 'closed' } as const;
      if (input.externalId !== null && (await hasSessionWithExternalId(tx, input.cohortId, input.externalId)))
        throw new ExternalIdTaken();
      const [participant] = await tx
        .insert(participants)
        .values({
          testId: place.testId,
          realId: `remote-${input.cohortId}-${String(place.number).padStart(4, '0')}`,
          source: 'webcam',
          state: 'recording',
          startedAt: input.now,
        })
        .returning({
          id: participants.id,
          testId: participants.testId,
          realId: participants.realId,
          auditSubject: participants.auditSubject,
        });
      if (!participant) throw new Error('remote participant not inserted');
      await tx.insert(remoteSessions).values({
        cohortId: input.cohortId,
        participantId: participant.id,
        tokenHash: input.sessionTokenHash,
        externalId: input.externalId,
        expiresAt: input.sessionExpiresAt,
        createdAt: input.now,
      });
      return { joined: participant };
    });
  } catch (error) {
    if (error instanceof ExternalIdTaken) return { refused: 'external_id_taken' };
    throw error;
  }
}

/** A session with what its credential needs: its participant, cohort, redirect and gaze settings. */
export type SessionRow = GazeSettingsRow &
  WebcamFigures & {
    id: number;
    cohortId: number;
    participantId: number;
    realId: string;
    externalId: string | null;
    expiresAt: Date;
    companyId: number;
    testId: number;
    cohortRevokedAt: Date | null;
    redirectUrl: string | null;
    createdAt: Date;
    endedAt: Date | null;
    incomplete: boolean;
  };

const selectSessions = (db: Executor) =>
  db
    .select({
      id: remoteSessions.id,
      cohortId: remoteSessions.cohortId,
      participantId: remoteSessions.participantId,
      realId: participants.realId,
      externalId: remoteSessions.externalId,
      expiresAt: remoteSessions.expiresAt,
      companyId: remoteCohorts.companyId,
      testId: remoteCohorts.testId,
      cohortRevokedAt: remoteCohorts.revokedAt,
      redirectUrl: remoteCohorts.redirectUrl,
      createdAt: remoteSessions.createdAt,
      endedAt: remoteSessions.endedAt,
      incomplete: remoteSessions.incomplete,
      validationAccuracyDeg: remoteSessions.validationAccuracyDeg,
      validationPrecisionDeg: remoteSessions.validationPrecisionDeg,
      trackingRatio: remoteSessions.trackingRatio,
      samplingRateHz: remoteSessions.samplingRateHz,
      ...gazeSettingsColumns,
    })
    .from(remoteSessions)
    .innerJoin(remoteCohorts, eq(remoteCohorts.id, remoteSessions.cohortId))
    .innerJoin(participants, eq(participants.id, remoteSessions.participantId));

export async function findSessionRow(db: Executor, id: number): Promise<SessionRow | null> {
  const [row] = await selectSessions(db).where(eq(remoteSessions.id, id));
  return row ?? null;
}

export async function findSessionRowOfParticipant(
  db: Executor,
  participantId: number,
): Promise<SessionRow | null> {
  const [row] = await selectSessions(db).where(eq(remoteSessions.participantId, participantId));
  return row ?? null;
}

export async function findSessionRowByTokenHash(db: Executor, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await selectSessions(db).where(eq(remoteSessions.tokenHash, tokenHash));
  return row ?? null;
}

/** The webcam gaze's figures a session keeps when it ends; null where nothing was measured. */
export type WebcamFigures = {
  validationAccuracyDeg: number | null;
  validationPrecisionDeg: number | null;
  trackingRatio: number | null;
  samplingRateHz: number | null;
};

/**
 * Marks the session ended with its figures, by its participant or, `incomplete`, by the expiry job;
 * a session ended before keeps its first time, figures and way of ending.
 */
export async function endSessionRow(
  db: Executor,
  id: number,
  at: Date,
  figures: WebcamFigures,
  incomplete = false,
): Promise<void> {
  await db
    .update(remoteSessions)
    .set({ endedAt: at, incomplete, ...figures })
    .where(and(eq(remoteSessions.id, id), sql`${remoteSessions.endedAt} is null`));
}

export type ValidationRow = typeof remoteValidations.$inferSelect;

export async function insertValidationRow(
  db: Executor,
  values: Omit<typeof remoteValidations.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(remoteValidations).values(values);
}

/** Whether one of the session's validations passed. */
export async function hasPassedValidation(db: Executor, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: remoteValidations.id })
    .from(remoteValidations)
    .where(and(eq(remoteValidations.sessionId, sessionId), eq(remoteValidations.verdict, 'passed')))
    .limit(1);
  return row !== undefined;
}

/** The session's latest validation (its attempt and verdict), or null before the first. */
export async function findLatestValidationRow(
  db: Executor,
  sessionId: number,
): Promise<Pick<ValidationRow, 'attempt' | 'verdict'> | null> {
  const [row] = await db
    .select({ attempt: remoteValidations.attempt, verdict: remoteValidations.verdict })
    .from(remoteValidations)
    .where(eq(remoteValidations.sessionId, sessionId))
    .orderBy(desc(remoteValidations.id))
    .limit(1);
  return row ?? null;
}

/** Sessions past their expiry that never ended, after the session `afterId`, by id. */
export function listExpiredUnendedSessionRows(
  db: Executor,
  now: Date,
  afterId: number,
  limit: number,
): Promise<SessionRow[]> {
  return selectSessions(db)
    .where(
      and(isNull(remoteSessions.endedAt), lte(remoteSessions.expiresAt, now), gt(remoteSessions.id, afterId)),
    )
    .orderBy(asc(remoteSessions.id))
    .limit(limit);
}

/** The session's most accurate measured validation (the latest of equals), or null. */
export async function findBestValidationRow(db: Executor, sessionId: number): Promise<ValidationRow | null> {
  const [row] = await db
    .select()
    .from(remoteValidations)
    .where(and(eq(remoteValidations.sessionId, sessionId), isNotNull(remoteValidations.accuracyDeg)))
    .orderBy(asc(remoteValidations.accuracyDeg), desc(remoteValidations.id))
    .limit(1);
  return row ?? null;
}

/** A participant's validations, oldest first. */
export function listValidationRowsOfParticipant(
  db: Executor,
  participantId: number,
): Promise<ValidationRow[]> {
  return db
    .select()
    .from(remoteValidations)
    .where(eq(remoteValidations.participantId, participantId))
    .orderBy(asc(remoteValidations.id));
}

/** The webcam figures of those of the participants that have a remote session, with whether a validation passed. */
export async function listWebcamFigureRows(
  db: Executor,
  participantIds: readonly number[],
): Promise<(WebcamFigures & { participantId: number; validationPassed: boolean; completed: boolean })[]> {
  const ids = [...participantIds];
  const sessions = await db
    .select({
      participantId: remoteSessions.participantId,
      validationAccuracyDeg: remoteSessions.validationAccuracyDeg,
      validationPrecisionDeg: remoteSessions.validationPrecisionDeg,
      trackingRatio: remoteSessions.trackingRatio,
      samplingRateHz: remoteSessions.samplingRateHz,
      completed: sql<boolean>`${remoteSessions.endedAt} is not null and not ${remoteSessions.incomplete}`,
    })
    .from(remoteSessions)
    .where(inArray(remoteSessions.participantId, ids));
  const passed = await db
    .selectDistinct({ participantId: remoteValidations.participantId })
    .from(remoteValidations)
    .where(and(inArray(remoteValidations.participantId, ids), eq(remoteValidations.verdict, 'passed')));
  const withPass = new Set(passed.map((row) => row.participantId));
  return sessions.map((row) => ({ ...row, validationPassed: withPass.has(row.participantId) }));
}
