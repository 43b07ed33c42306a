import { type DecodedStream, decodeStream, type StreamKind } from '@limbus/analytics';
import {
  CONSENT_STREAM_OF_KIND,
  type ConsentGrant,
  type ParticipantType,
  type ScreenGeometryInput,
  STREAM_KINDS,
} from '@limbus/contract';
import type { ValidationTargetRecord } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { enqueueJob } from '../../jobs/job-runner.js';
import type { AuditContext } from '../audit/audit.service.js';
import { assertStreamConsented, consentedStreams, giveConsent } from '../consent/consent.service.js';
import { toGeometryRecord } from '../participants/participant-geometry.js';
import {
  type PreparedStream,
  prepareStream,
  writePreparedStream,
} from '../participants/participant-streams.js';
import { assertTestExists } from '../test-access/test-access.service.js';
import { ANALYSE_PARTICIPANT } from './analysis.js';
import {
  deleteBatchRows,
  findParticipantById,
  insertParticipantOnce,
  listBatchRows,
  markParticipantFinished,
  streamCounts,
  upsertBatchRow,
} from './ingestion.repository.js';
import { batchBytes, concatStreams, parseBatch } from './stream-batches.js';

type IngestDeps = Pick<Deps, 'db' | 'files' | 'clock' | 'log'>;

/** The part file of a resumable video upload in progress. */
export { partFileKey } from './video-upload.js';

export const batchFileKey = (participantId: number, kind: StreamKind, seq: number) =>
  `ingest/${participantId}/${kind}/${seq}.lmbs`;

export type ParticipantInput = {
  test_id: number;
  real_id: string;
  type?: ParticipantType | undefined;
  demographic?:
    | {
        age?: number | null | undefined;
        gender?: string | null | undefined;
        education?: string | null | undefined;
      }
    | undefined;
  started_at?: number | undefined;
  consent?: (ConsentGrant & { method?: 'recorder' | 'import' | undefined }) | undefined;
};

const toAnswer = (row: { id: number; testId: number; realId: string; state: string }) => ({
  id: row.id,
  test_id: row.testId,
  real_id: row.realId,
  state: row.state,
});

/**
 * Creates the participant (remembering the setup that recorded it, whose geometry applies), or
 * answers the one the test already has with this real_id (a retry).
 */
export async function createIngestParticipant(
  deps: IngestDeps,
  input: ParticipantInput,
  setupId: number,
  context: AuditContext,
) {
  await assertTestExists(deps, input.test_id);
  const { row, isNew } = await insertParticipantOnce(deps.db, {
    testId: input.test_id,
    realId: input.real_id,
    setupId,
    type: input.type ?? 'default',
    state: 'recording',
    demographic: {
      age: input.demographic?.age ?? null,
      gender: input.demographic?.gender ?? null,
      education: input.demographic?.education ?? null,
    },
    startedAt: input.started_at === undefined ? null : new Date(input.started_at * 1000),
  });
  // The consent the recorder (or the import) sends with the participant; a retry sends the same
  // one, which is already in force. A bad consent leaves the participant without one: the recorder
  // is told, and its streams are refused until a consent is recorded.
  if (input.consent) {
    const { method, ...grant } = input.consent;
    await giveConsent(deps, context, row, grant, method ?? 'recorder');
  }
  return { participant: toAnswer(row), isNew };
}

async function recordingParticipant(deps: IngestDeps, participantId: number) {
  const participant = await findParticipantById(deps.db, participantId);
  if (!participant) throw notFound('The participant');
  return participant;
}

/**
 * Stores one numbered batch: checked in full, written as its own chunk file (a retried number
 * overwrites itself), then recorded. A batch that would put samples out of time order with its
 * neighbours (by number) is refused with 409.
 */
export async function putBatch(
  deps: IngestDeps,
  participantId: number,
  kind: StreamKind,
  seq: number,
  body: unknown,
): Promise<{ kind: StreamKind; seq: number; sample_count: number }> {
  const participant = await recordingParticipant(deps, participantId);
  // Refused before it is read or stored: a stream the participant did not consent to.
  await assertStreamConsented(deps, participant, CONSENT_STREAM_OF_KIND[kind]);
  const stream = parseBatch(kind, body);
  if (participant.state !== 'recording')
    throw new AppError('conflict', 'The participant is finished: it takes no more batches');
  const { timestamp } = stream.samples;
  const first = timestamp.length > 0 ? (timestamp[0] as number) : null;
  const last = timestamp.length > 0 ? (timestamp[timestamp.length - 1] as number) : null;
  const others = await listBatchRows(deps.db, participantId, kind);
  const before = others.filter((row) => row.seq < seq && row.lastTimestamp !== null).at(-1);
  const after = others.find((row) => row.seq > seq && row.firstTimestamp !== null);
  if (first !== null && before?.lastTimestamp != null && first < before.lastTimestamp) {
    throw new AppError(
      'conflict',
      `Batch ${seq} starts at ${first}, before batch ${before.seq} ends (${before.lastTimestamp}): timestamps must not go back`,
    );
  }
  if (last !== null && after?.firstTimestamp != null && last > after.firstTimestamp) {
    throw new AppError(
      'conflict',
      `Batch ${seq} ends at ${last}, after batch ${after.seq} starts (${after.firstTimestamp}): timestamps must not go back`,
    );
  }
  await deps.files.put(batchFileKey(participantId, kind, seq), batchBytes(body, stream));
  await upsertBatchRow(deps.db, {
    participantId,
    kind,
    seq,
    sampleCount: timestamp.length,
    firstTimestamp: first,
    lastTimestamp: last,
  });
  return { kind, seq, sample_count: timestamp.length };
}

/**
 * The number the next batch of each kind takes: one past the highest stored; a kind without a
 * stored batch is absent (its next is 0). A remote browser that reloaded goes on numbering there,
 * so that it overwrites no batch it sent.
 */
export async function nextBatchSeqs(
  deps: Pick<Deps, 'db'>,
  participantId: number,
): Promise<Partial<Record<StreamKind, number>>> {
  const next: Partial<Record<StreamKind, number>> = {};
  for (const row of await listBatchRows(deps.db, participantId))
    next[row.kind] = Math.max(next[row.kind] ?? 0, row.seq + 1);
  return next;
}

/** What a recorder may tell when it finishes: the end, and the quality measures of its lab (both optional). */
export type FinishInput = {
  ended_at?: number | undefined;
  eeg_quality?: number | undefined;
  validation_targets?: ValidationTargetRecord[] | undefined;
  geometry?: ScreenGeometryInput | undefined;
};

/**
 * Merges the batches of each kind in number order into the participant's stream (file first,
 * then its row), marks it finished, drops the batch rows and queues the analysis in one
 * transaction, and only then removes the chunk files. A process killed before the commit leaves
 * the participant recording with its batches: finishing again redoes it. Finishing a finished
 * participant changes nothing.
 */
export async function finishParticipant(
  deps: IngestDeps,
  participantId: number,
  input: FinishInput,
): Promise<{ id: number; state: string; streams: Record<string, number> }> {
  const participant = await recordingParticipant(deps, participantId);
  if (participant.state === 'finished')
    return {
      id: participant.id,
      state: participant.state,
      streams: await streamCounts(deps.db, participant.id),
    };
  const rows = await listBatchRows(deps.db, participantId);
  const prepared: PreparedStream[] = [];
  let totalClicks: number | null = null;
  let lastTimestamp: number | null = null;
  const consented = await consentedStreams(deps, participant);
  for (const kind of STREAM_KINDS) {
    // A stream whose consent was withdrawn after its batches came is dropped with them.
    if (!consented.includes(CONSENT_STREAM_OF_KIND[kind])) continue;
    const parts: DecodedStream[] = [];
    for (const row of rows.filter((candidate) => candidate.kind === kind)) {
      const bytes = await deps.files.get(batchFileKey(participantId, kind, row.seq));
      // The row is written after its file, so a row without a file is a fault of the store.
      if (!bytes) throw new Error(`The batch file of ${kind} ${row.seq} is missing`);
      parts.push(decodeStream(bytes));
    }
    if (parts.length === 0) continue;
    const stream = concatStreams(kind, parts);
    if (stream.kind === 'mice') totalClicks = stream.samples.click.reduce((sum, value) => sum + value, 0);
    const end = stream.samples.timestamp.at(-1);
    if (end !== undefined) lastTimestamp = Math.max(lastTimestamp ?? end, end);
    prepared.push(await prepareStream(stream));
  }
  for (const stream of prepared) await writePreparedStream(deps, participantId, stream);
  const endedAt =
    input.ended_at !== undefined
      ? new Date(input.ended_at * 1000)
      : lastTimestamp !== null
        ? new Date(Math.round(lastTimestamp))
        : null;
  await deps.db.transaction(async (tx) => {
    await markParticipantFinished(tx, participantId, {
      endedAt,
      totalClicks,
      eegQuality: input.eeg_quality ?? null,
      validationTargets: input.validation_targets ?? null,
      geometry: input.geometry ? toGeometryRecord(input.geometry) : null,
    });
    await deleteBatchRows(tx, participantId);
    await enqueueJob(tx, ANALYSE_PARTICIPANT, { participant_id: participantId }, deps.clock());
  });
  try {
    await deps.files.deletePrefix(`ingest/${participantId}`);
  } catch (error) {
    deps.log.warn({ err: error, participantId }, 'the batch files of a finished participant remain');
  }
  return { id: participantId, state: 'finished', streams: await streamCounts(deps.db, participantId) };
}
