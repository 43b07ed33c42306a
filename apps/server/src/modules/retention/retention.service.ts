import { RETENTION_DEFAULTS, type RetentionPolicy, type RetentionPolicyWrite } from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { type Actor, authorizeFound } from '../../http/policy.js';
import { enqueueUniqueJob, type JobDeps, type JobHandler, wakeJobRunners } from '../../jobs/job-runner.js';
import { type AuditContext, recordAudit, SYSTEM_CONTEXT } from '../audit/audit.service.js';
import {
  type ReelWithdrawalReason,
  withdrawParticipantFromReels,
} from '../evidence-reels/evidence-reel-withdrawal.js';
import { batchFileKey, partFileKey } from '../ingestion/ingestion.service.js';
import { voiceFolder } from '../voice/voice-files.js';
import {
  companyExists,
  type DueOwner,
  findPolicyRow,
  listDueBatches,
  listDueRecordings,
  listDueStreams,
  listDueUploads,
  listDueVoices,
  type RetentionPolicyRow,
  removeBatchRow,
  removeRecordingRow,
  removeStreamRow,
  removeUploadRow,
  removeVoiceRows,
  upsertPolicyRow,
} from './retention.repository.js';

/**
 * Retention (docs/data-rights.md): each company's periods per kind of data, and the daily job
 * that removes what is due from the database and the file store and records what it removed.
 */

const toUnixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toPolicy(companyId: number, row: RetentionPolicyRow | null): RetentionPolicy {
  if (!row)
    return {
      company_id: companyId,
      ...RETENTION_DEFAULTS,
      is_default: true,
      updated_at: null,
      updated_by: null,
    };
  return {
    company_id: companyId,
    recordings_days: row.recordingsDays,
    streams_days: row.streamsDays,
    derived_days: row.derivedDays,
    is_default: false,
    updated_at: toUnixSeconds(row.updatedAt),
    updated_by: row.updatedBy,
  };
}

/** A company's policy (the defaults where it has none): staff, and the company's own admins. */
export async function getRetentionPolicy(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number) {
  if (!(await companyExists(deps.db, companyId))) throw notFound('The company');
  authorizeFound(actor, 'retention.read', 'The company', { id: companyId });
  return toPolicy(companyId, await findPolicyRow(deps.db, companyId));
}

/** Sets a company's policy (staff); the change is audited with the periods before and after. */
export async function updateRetentionPolicy(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  context: AuditContext,
  companyId: number,
  input: RetentionPolicyWrite,
): Promise<RetentionPolicy> {
  if (!(await companyExists(deps.db, companyId))) throw notFound('The company');
  authorizeFound(actor, 'retention.manage', 'The company', { id: companyId });
  const before = toPolicy(companyId, await findPolicyRow(deps.db, companyId));
  await upsertPolicyRow(deps.db, {
    companyId,
    recordingsDays: input.recordings_days,
    streamsDays: input.streams_days,
    derivedDays: input.derived_days,
    updatedById: actor.id,
    updatedAt: deps.clock(),
  });
  await recordAudit(deps, context, {
    action: 'retention_changed',
    companyId,
    testId: null,
    detail: {
      recordings_days: input.recordings_days,
      streams_days: input.streams_days,
      derived_days: input.derived_days,
      recordings_days_before: before.recordings_days,
      streams_days_before: before.streams_days,
      was_default: before.is_default,
    },
  });
  return toPolicy(companyId, await findPolicyRow(deps.db, companyId));
}

/** The job kind of the daily run; its payload names the day (YYYY-MM-DD, UTC) it runs for. */
export const APPLY_RETENTION = 'apply_retention';
/** The hour (UTC) of the daily run: at night for most of the product's users. */
const RUN_HOUR_UTC = 2;
/** Items read per pass; the job repeats passes until nothing is due. */
const PAGE = 200;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const dayAfter = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

/**
 * Queues the daily run of `day` unless it is queued or ran already (a singleton per day: processes
 * starting side by side, or a run and a start on the same day, queue it once).
 */
export async function scheduleRetention(
  deps: Pick<Deps, 'db'>,
  day: string,
  runAfter: Date,
): Promise<boolean> {
  const id = await enqueueUniqueJob(deps.db, APPLY_RETENTION, day, { day }, runAfter);
  return id !== null;
}

/** At a process's start: today's run, due now (a no-op when it is queued or ran already). */
export async function scheduleRetentionAtStart(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock();
  if (await scheduleRetention(deps, dayOf(now), now)) wakeJobRunners();
}

type Kind = 'recordings' | 'voices' | 'uploads' | 'streams' | 'batches' | 'reels';
type Counts = Record<Kind, number> & { participants: Set<number> };

/** What one run removed, per test. */
export type RetentionResult = Record<Kind, number> & { tests: number };

/**
 * Removes everything due at `deps.clock()`: screen recordings (with their sound) and remote
 * participants' spoken audio whose test was done longer ago than the company's recordings period, unfinished uploads of a recording started
 * longer ago than that period, and streams recorded longer ago than its
 * streams period (with the batches of recordings never finished, by when they were sent). Each item goes in its own transaction, file included, and only once however
 * many runners meet it (a second run finds nothing left to remove). Each test it removed anything
 * of gets one audit entry with the counts; a run that removes nothing records nothing.
 */
export async function applyRetention(deps: Pick<Deps, 'db' | 'files' | 'log' | 'clock'>, day?: string) {
  const now = deps.clock();
  const byTest = new Map<number, { owner: DueOwner; counts: Counts }>();
  const count = (owner: DueOwner, kind: Kind, by = 1) => {
    const entry = byTest.get(owner.testId) ?? {
      owner,
      counts: {
        recordings: 0,
        voices: 0,
        uploads: 0,
        streams: 0,
        batches: 0,
        reels: 0,
        participants: new Set<number>(),
      },
    };
    entry.counts[kind] += by;
    entry.counts.participants.add(owner.participantId);
    byTest.set(owner.testId, entry);
  };

  for (let page = await listDueRecordings(deps.db, now, PAGE); page.length > 0; ) {
    for (const item of page) {
      const reels = reelsLosingFiles(deps, item, 'recording removed', item.video);
      if (await removeRecordingRow(deps.db, item, now, reels.deleteFiles)) {
        count(item, 'recordings');
        count(item, 'reels', reels.changed());
      }
    }
    page = await listDueRecordings(deps.db, now, PAGE);
  }
  for (let page = await listDueVoices(deps.db, now, PAGE); page.length > 0; ) {
    for (const item of page) {
      const folder = voiceFolder(item.participantId).replace(/\/$/, '');
      if (await removeVoiceRows(deps.db, item, now, () => deps.files.deletePrefix(folder)))
        count(item, 'voices');
    }
    page = await listDueVoices(deps.db, now, PAGE);
  }
  for (let page = await listDueUploads(deps.db, now, PAGE); page.length > 0; ) {
    for (const item of page) {
      const key = partFileKey(item.participantId);
      if (await removeUploadRow(deps.db, item, now, () => deps.files.delete(key))) count(item, 'uploads');
    }
    page = await listDueUploads(deps.db, now, PAGE);
  }
  for (let page = await listDueStreams(deps.db, now, PAGE); page.length > 0; ) {
    for (const item of page) {
      const reels = reelsLosingFiles(deps, item, 'streams removed', item.fileKey);
      if (await removeStreamRow(deps.db, item, now, reels.deleteFiles)) {
        count(item, 'streams');
        count(item, 'reels', reels.changed());
      }
    }
    page = await listDueStreams(deps.db, now, PAGE);
  }
  for (let page = await listDueBatches(deps.db, now, PAGE); page.length > 0; ) {
    for (const item of page) {
      const key = batchFileKey(item.participantId, item.kind, item.seq);
      if (await removeBatchRow(deps.db, item, now, () => deps.files.delete(key))) count(item, 'batches');
    }
    page = await listDueBatches(deps.db, now, PAGE);
  }

  const result: RetentionResult = {
    recordings: 0,
    voices: 0,
    uploads: 0,
    streams: 0,
    batches: 0,
    reels: 0,
    tests: byTest.size,
  };
  for (const { owner, counts } of byTest.values()) {
    result.recordings += counts.recordings;
    result.voices += counts.voices;
    result.uploads += counts.uploads;
    result.streams += counts.streams;
    result.batches += counts.batches;
    result.reels += counts.reels;
    await recordAudit(deps, SYSTEM_CONTEXT, {
      action: 'retention_applied',
      companyId: owner.companyId,
      testId: owner.testId,
      detail: {
        day: day ?? dayOf(now),
        recordings: counts.recordings,
        voice_recordings: counts.voices,
        unfinished_video_uploads: counts.uploads,
        streams: counts.streams,
        stream_batches: counts.batches,
        reels: counts.reels,
        participants: counts.participants.size,
      },
    });
  }
  if (result.tests > 0) deps.log.info(result, 'retention removed data');
  return result;
}

/**
 * The files to delete in the transaction that removes a participant's recording or stream: the
 * MP4s of the reels that show it (docs/data-rights.md), then the item's own file. The reels
 * changed are known once the transaction ran.
 */
function reelsLosingFiles(
  deps: Pick<Deps, 'files'>,
  item: DueOwner,
  reason: ReelWithdrawalReason,
  key: string,
) {
  let changed = 0;
  return {
    deleteFiles: async (tx: Executor) => {
      const reels = await withdrawParticipantFromReels(tx, item.participantId, reason);
      for (const reelKey of reels.fileKeys) await deps.files.delete(reelKey);
      await deps.files.delete(key);
      changed = reels.changed;
    },
    changed: () => changed,
  };
}

/**
 * The daily job: removes what is due, then queues the next day's run (after today's by the clock,
 * so that a worker stopped for a week catches up in one run, not seven).
 */
export const applyRetentionJob: JobHandler = async (deps: JobDeps, payload) => {
  const day = typeof payload.day === 'string' ? payload.day : dayOf(deps.clock());
  await applyRetention(deps, day);
  const next = dayAfter(dayOf(deps.clock()));
  await scheduleRetention(deps, next, new Date(`${next}T${String(RUN_HOUR_UTC).padStart(2, '0')}:00:00Z`));
};
