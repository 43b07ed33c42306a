import { isSafeFileKey } from '../../config.js';
import { announceChange } from '../../db/changes.js';
import type { JobDeps, JobHandler } from '../../jobs/job-runner.js';
import { enqueueJob } from '../../jobs/job-runner.js';
import { recordAudit } from '../audit/audit.service.js';
import { withdrawParticipantFromReels } from '../evidence-reels/evidence-reel-withdrawal.js';
import { recomputeTestMetrics } from '../ingestion/analysis.js';
import { listMetricsParticipantRows } from '../participants/participants.service.js';
import { deleteHeatmapVideos } from '../video-tests/heatmap-video-file.js';
import { processVideoTest } from '../video-tests/process-video-test.js';
import { participantKeyParts, verifyErasure } from './erasure-verification.js';
import {
  deleteAggregateParticipant,
  deleteJobsNaming,
  deleteParticipantData,
  type ErasureRow,
  type ErasureTargets,
  findAggregateParticipant,
  findErasureRow,
  isFileNamedByParticipant,
  updateErasureRow,
} from './erasures.repository.js';
import { ERASE_PARTICIPANT, RETRY_ERASURE_FILES } from './erasures.service.js';

/** The first retry of files that could not be deleted, then twice as long each time, at most an hour. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

const erasureIdOf = (payload: Record<string, unknown>): number => {
  const id = payload.erasure_id;
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error('The job has no erasure_id');
  return id;
};

/**
 * erase_participant (docs/data-rights.md): every step can run again, so a process killed midway
 * resumes where the job is taken up again (the runner's lease, released at the next start) and
 * still ends verified:
 * 1. the participant's rows in one transaction (counted; insights' evidence withdrawn; queued jobs
 *    that name it; the database's notice tells every process's caches);
 * 2. its files, each listed anew from the store; one that cannot be deleted now stays pending;
 * 3. what was derived from it, recomputed: page and tag metrics (the benchmark reads them), the
 *    video test's aggregate and heatmap video (the norms read its means);
 * 4. with no file pending, the verification, the receipt and the audit entry. With files pending
 *    the erasure is 'pending' and retry_erasure_files runs it again later.
 */
export const eraseParticipantJob: JobHandler = Object.assign(
  async (deps: JobDeps, payload: Record<string, unknown>) => {
    const erasure = await findErasureRow(deps.db, erasureIdOf(payload));
    if (!erasure?.targets) return; // removed with its company, or done
    if (erasure.state !== 'erasing' && erasure.state !== 'pending') return;
    await runErasure(deps, erasure, erasure.targets as ErasureTargets);
  },
  {
    giveUp: async (deps: JobDeps, payload: Record<string, unknown>) => {
      await updateErasureRow(deps.db, erasureIdOf(payload), { state: 'failed', finishedAt: deps.clock() });
    },
  },
);

async function runErasure(deps: JobDeps, erasure: ErasureRow, erasing: ErasureTargets): Promise<void> {
  const { participantId, testId } = erasing;
  let targets = erasing;
  let removed: Record<string, number> = { ...erasure.removed };
  // 1. rows, and the reels that show the participant; the reels' files are kept among the keys to
  // delete in the same transaction, as the rows that named them go.
  const counted = await deps.db.transaction(async (tx) => {
    const reels = await withdrawParticipantFromReels(tx, participantId, 'erased');
    const rows = await deleteParticipantData(tx, participantId, testId, deps.clock());
    if (!rows) return null;
    const after = { ...removed, ...rows, reels_changed: reels.changed, reels_deleted: reels.deleted };
    const keys = { ...targets, keys: [...targets.keys, ...reels.fileKeys] };
    await updateErasureRow(tx, erasure.id, { removed: after, targets: keys });
    return { removed: after, targets: keys };
  });
  if (counted) {
    ({ removed, targets } = counted);
  } else {
    // Rows gone already (a run cut short, or the participant was removed before): jobs that
    // name it may be left by the plain removal.
    const jobs = await deleteJobsNaming(deps.db, participantId);
    if (jobs > 0) {
      removed = { ...removed, jobs: (removed.jobs ?? 0) + jobs };
      await updateErasureRow(deps.db, erasure.id, { removed });
    }
  }
  announceChange({ participantId });

  // 2. files: listed once and kept on the row as the files still to delete, so that a run cut
  // short is counted right when the next one finishes the deletion.
  const pending = await deleteFiles(deps, erasure, targets, removed);
  removed = pending.removed;

  // 3. derived results
  await recomputeTestMetrics(deps, { test_id: testId });
  removed.recomputed_metrics = 1;
  if (await recomputeVideoAggregate(deps, testId)) removed.recomputed_video_aggregate = 1;

  if (pending.left.length > 0) {
    const retries = (targets.retries ?? 0) + 1;
    await deps.db.transaction(async (tx) => {
      await updateErasureRow(tx, erasure.id, {
        state: 'pending',
        removed,
        pendingFiles: pending.left,
        targets: { ...targets, retries },
      });
      const delay = Math.min(RETRY_BASE_MS * 2 ** (retries - 1), RETRY_MAX_MS);
      await enqueueJob(
        tx,
        RETRY_ERASURE_FILES,
        { erasure_id: erasure.id },
        new Date(deps.clock().getTime() + delay),
      );
    });
    deps.log.warn(
      { erasureId: erasure.id, files: pending.left.length },
      'files of an erased participant could not be deleted yet: retried later',
    );
    return;
  }

  // 4. verification and receipt
  const verification = await verifyErasure(deps, {
    participantId,
    testId,
    realId: targets.realId,
    keyParts: [...participantKeyParts(participantId), ...targets.keys],
  });
  const isVerified = verification.found.length === 0;
  const finishedAt = deps.clock();
  await updateErasureRow(deps.db, erasure.id, {
    state: isVerified ? 'verified' : 'failed',
    isVerified,
    verification,
    removed,
    pendingFiles: [],
    finishedAt,
    // The identifiers searched for are personal data: gone once the search found none of them.
    targets: isVerified ? null : targets,
  });
  await recordAudit(
    deps,
    {
      actor: erasure.erasedById === null ? null : { id: erasure.erasedById, label: targets.actorLabel ?? '' },
      address: targets.address,
    },
    {
      action: 'participant_erased',
      companyId: erasure.companyId,
      testId,
      subject: erasure.subject,
      detail: {
        erasure_id: erasure.id,
        verified: isVerified,
        rows: Object.entries(removed)
          .filter(([kind]) => !kind.startsWith('recomputed') && kind !== 'files')
          .reduce((sum, [, count]) => sum + count, 0),
        files: removed.files ?? 0,
      },
    },
  );
}

/**
 * Deletes every file of the participant: the keys its rows named (unless another participant
 * still names one) and whatever the store lists under its prefixes (streams, ingestion batches,
 * upload parts, recordings). The files found are stored on the row first (pending_files) and
 * counted once; each is then deleted, and those that cannot be are left to retry.
 */
async function deleteFiles(
  deps: JobDeps,
  erasure: ErasureRow,
  targets: ErasureTargets,
  counted: Record<string, number>,
): Promise<{ removed: Record<string, number>; left: string[] }> {
  // Prefixes the store could not list last time are listed again below, not deleted as keys.
  const known = new Set(erasure.pendingFiles.filter((key) => isSafeFileKey(key)));
  const found = new Set<string>();
  const unlisted: string[] = [];
  for (const prefix of participantKeyParts(targets.participantId)) {
    try {
      for (const key of await deps.files.list(prefix)) found.add(key);
    } catch (error) {
      deps.log.warn({ err: error, prefix }, 'the file store could not list a prefix of an erasure');
      unlisted.push(prefix);
    }
  }
  for (const key of targets.keys) {
    if (found.has(key) || (await isFileNamedByParticipant(deps.db, key))) continue;
    try {
      if ((await deps.files.size(key)) !== null) found.add(key);
    } catch {
      found.add(key); // the store cannot tell now: deleting it will tell
    }
  }
  const fresh = [...found].filter((key) => !known.has(key));
  const removed = { ...counted, files: (counted.files ?? 0) + fresh.length };
  const toDelete = [...known, ...fresh];
  if (fresh.length > 0) await updateErasureRow(deps.db, erasure.id, { removed, pendingFiles: toDelete });
  const left: string[] = [];
  for (const key of toDelete) {
    try {
      await deps.files.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'a file of an erased participant could not be deleted');
      left.push(key);
    }
  }
  return { removed, left: [...left, ...unlisted] };
}

/**
 * A video test's aggregate (its video_heatmap participant, spread and fluency, means for the norms,
 * the heatmap videos, everyone's and each cohort's) made again from the viewers left; removed when none is left. Answers whether
 * the test had one.
 */
async function recomputeVideoAggregate(deps: JobDeps, testId: number): Promise<boolean> {
  const aggregate = await findAggregateParticipant(deps.db, testId);
  if (!aggregate) return false;
  if ((await listMetricsParticipantRows(deps.db, testId)).length > 0) {
    await processVideoTest(deps, { test_id: testId });
  } else {
    await deleteAggregateParticipant(deps.db, aggregate.id);
    await deleteHeatmapVideos(deps, testId);
  }
  return true;
}

/** The erasure jobs, by kind: the erasure, and the later runs that retry its pending files. */
export const erasureJobHandlers = {
  [ERASE_PARTICIPANT]: eraseParticipantJob,
  [RETRY_ERASURE_FILES]: eraseParticipantJob,
};
