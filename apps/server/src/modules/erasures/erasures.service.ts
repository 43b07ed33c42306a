import { createHash, randomBytes } from 'node:crypto';
import type { Erasure } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { type Actor, authorize, can } from '../../http/policy.js';
import { enqueueJob, wakeJobRunners } from '../../jobs/job-runner.js';
import { type AuditContext, recordAudit } from '../audit/audit.service.js';
import { testFor } from '../test-access/test-access.service.js';
import { toErasure } from './erasures.mappers.js';
import {
  type ErasureTargets,
  findErasableParticipant,
  findErasureOfParticipant,
  findErasureOfTest,
  insertErasureRow,
  listErasuresOfTest,
  startRequestedErasure,
} from './erasures.repository.js';

/** The job that carries out an erasure, and the one that retries the files it could not delete yet. */
export const ERASE_PARTICIPANT = 'erase_participant';
export const RETRY_ERASURE_FILES = 'retry_erasure_files';

/**
 * The test of an erasure call: 404 for a test the actor does not see (another company's is not
 * told apart from none, `testFor`), then 403 unless the actor may do `action` on it.
 */
async function erasureTestFor(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  testId: number,
  action: 'participant.erase' | 'erasure.request',
) {
  const test = await testFor(deps, actor, testId, 'erasure.request');
  if (action === 'participant.erase') authorize(actor, action, test);
  return test;
}

/** The salted hash of a real_id that a receipt keeps instead of it. */
export const subjectHash = (salt: string, realId: string) =>
  createHash('sha256').update(`${salt}:${realId}`).digest('hex');

/**
 * POST /tests/{id}/participants/{pid}/erasure: a researcher erases (the erasure job starts at
 * once), a company admin of the test's company requests (a researcher then carries it out). A
 * second call about the same person answers the first receipt; a researcher's call on a requested
 * one starts it. Unknown participants, and those of tests the actor does not see, are 404.
 */
export async function eraseParticipant(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  testId: number,
  participantId: number,
): Promise<Erasure> {
  const test = await erasureTestFor(deps, actor, testId, 'erasure.request');
  const isResearcherCall = can(actor, 'participant.erase', test);
  const existing = await findErasureOfParticipant(deps.db, testId, participantId);
  if (existing) {
    if (existing.state === 'requested' && isResearcherCall) {
      await start(deps, actor, context, existing.id, testId, participantId);
    }
    return receiptOf(deps, testId, existing.id);
  }
  const participant = await findErasableParticipant(deps.db, testId, participantId);
  if (!participant) throw notFound('The participant');
  const now = deps.clock();
  const salt = randomBytes(16).toString('hex');
  const base = {
    companyId: test.companyId,
    testId,
    participantId,
    subject: participant.auditSubject,
    subjectSalt: salt,
    subjectHash: subjectHash(salt, participant.realId),
    requestedById: actor.id,
    requestedAt: now,
  };
  if (!isResearcherCall) {
    const inserted = await insertErasureRow(deps.db, { ...base, state: 'requested' });
    if (inserted)
      await recordAudit(deps, context, {
        action: 'erasure_requested',
        companyId: test.companyId,
        testId,
        subject: participant.auditSubject,
        detail: { erasure_id: inserted.id },
      });
    const row = inserted ?? (await findErasureOfParticipant(deps.db, testId, participantId));
    if (!row) throw new Error('the erasure was neither inserted nor found');
    return receiptOf(deps, testId, row.id);
  }
  const targets = targetsOf(participant, context);
  const inserted = await deps.db.transaction(async (tx) => {
    const row = await insertErasureRow(tx, {
      ...base,
      state: 'erasing',
      erasedById: actor.id,
      startedAt: now,
      targets,
    });
    if (row) await enqueueJob(tx, ERASE_PARTICIPANT, { erasure_id: row.id }, now);
    return row;
  });
  if (inserted) wakeJobRunners();
  const row = inserted ?? (await findErasureOfParticipant(deps.db, testId, participantId));
  if (!row) throw new Error('the erasure was neither inserted nor found');
  return receiptOf(deps, testId, row.id);
}

function targetsOf(
  participant: NonNullable<Awaited<ReturnType<typeof findErasableParticipant>>>,
  context: AuditContext,
): ErasureTargets {
  return {
    participantId: participant.id,
    testId: participant.testId,
    realId: participant.realId,
    keys: [...participant.streamKeys, ...(participant.video ? [participant.video] : [])],
    actorLabel: context.actor?.label ?? null,
    address: context.address,
  };
}

/** A researcher carries out a requested erasure: the job starts in the same transaction. */
async function start(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  erasureId: number,
  testId: number,
  participantId: number,
): Promise<void> {
  const participant = await findErasableParticipant(deps.db, testId, participantId);
  // The participant went another way (removed) meanwhile: the job finds nothing and verifies.
  const targets: ErasureTargets = participant
    ? targetsOf(participant, context)
    : {
        participantId,
        testId,
        realId: '',
        keys: [],
        actorLabel: context.actor?.label ?? null,
        address: context.address,
      };
  const now = deps.clock();
  const started = await deps.db.transaction(async (tx) => {
    const row = await startRequestedErasure(tx, erasureId, actor.id, now, targets);
    if (row) await enqueueJob(tx, ERASE_PARTICIPANT, { erasure_id: row.id }, now);
    return row;
  });
  if (started) wakeJobRunners();
}

async function receiptOf(deps: Pick<Deps, 'db'>, testId: number, erasureId: number): Promise<Erasure> {
  const row = await findErasureOfTest(deps.db, testId, erasureId);
  if (!row) throw notFound('The erasure');
  return toErasure(row);
}

/** GET /tests/{id}/erasures: researchers, and company admins of the test's company. */
export async function listErasures(deps: Pick<Deps, 'db'>, actor: Actor, testId: number): Promise<Erasure[]> {
  await erasureTestFor(deps, actor, testId, 'erasure.request');
  return (await listErasuresOfTest(deps.db, testId)).map(toErasure);
}

/** GET /tests/{id}/erasures/{eid}: the receipt. */
export async function getErasure(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  testId: number,
  erasureId: number,
): Promise<Erasure> {
  await erasureTestFor(deps, actor, testId, 'erasure.request');
  return receiptOf(deps, testId, erasureId);
}
