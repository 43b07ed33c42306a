import {
  type ParticipantVoice,
  VOICE_MEDIA_TYPES,
  VOICE_MESSAGES,
  VOICE_PARTICIPANT_MAX_BYTES,
  type VoiceMediaType,
  type VoiceTake,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/policy.js';
import { assertStreamConsented, participantsLeftOutOfReport } from '../consent/consent.service.js';
import { findParticipantRow, readableParticipant } from '../participants/participants.service.js';
import { toUnixSeconds } from '../users/users.mappers.js';
import {
  findOrCreateTakeRow,
  highestTake,
  listTakeRows,
  storedVoiceBytes,
  upsertChunkRow,
  type VoiceTakeRow,
} from './voice.repository.js';
import { startsAs, voiceChunkKey } from './voice-files.js';

/**
 * Spoken audio of remote participants (docs/remote-studies.md 'Spoken audio'): the chunks a
 * participant's browser sends, and the joined takes their readers play.
 */

export type VoiceChunk = { take: number; seq: number; mediaType: string | undefined; body: unknown };

const isVoiceMediaType = (value: string | undefined): value is VoiceMediaType =>
  (VOICE_MEDIA_TYPES as readonly string[]).includes(value ?? '');

/**
 * Stores chunk `seq` of a take of the participant's audio, replacing one of that number (a retry).
 * The participant's consent must grant the voice stream; a take keeps the media type of its first
 * chunk, whose header is checked; all of a participant's audio stays under its limit.
 */
export async function storeVoiceChunk(
  deps: Pick<Deps, 'db' | 'files' | 'clock'>,
  participant: { id: number; testId: number; realId: string },
  chunk: VoiceChunk,
): Promise<{ take: number; seq: number; bytes: number }> {
  const { take, seq } = chunk;
  await assertStreamConsented(deps, participant, 'voice');
  if (!isVoiceMediaType(chunk.mediaType))
    throw new AppError('validation', VOICE_MESSAGES.mediaType, undefined, 415);
  const body = chunk.body instanceof Buffer ? chunk.body : Buffer.alloc(0);
  if (body.length === 0) throw AppError.fieldError('validation', 'body', VOICE_MESSAGES.empty);
  if (seq === 0 && !startsAs(chunk.mediaType, body))
    throw AppError.fieldError('validation', 'body', VOICE_MESSAGES.notAudio(chunk.mediaType));
  const row = await findOrCreateTakeRow(deps.db, {
    participantId: participant.id,
    take,
    mediaType: chunk.mediaType,
    startedAt: deps.clock(),
  });
  if (row.mediaType !== chunk.mediaType)
    throw new AppError('validation', VOICE_MESSAGES.otherType(row.mediaType), undefined, 415);
  if (row.fileKey) throw new AppError('conflict', VOICE_MESSAGES.joined(take));
  const others = await storedVoiceBytes(deps.db, participant.id, { takeId: row.id, seq });
  if (others + body.length > VOICE_PARTICIPANT_MAX_BYTES)
    throw new AppError('payload_too_large', VOICE_MESSAGES.participantFull);
  // The file first: a chunk whose row is missing is still joined (the join lists the files).
  await deps.files.put(voiceChunkKey(participant.id, take, seq), body);
  await upsertChunkRow(deps.db, { takeId: row.id, participantId: participant.id, seq, bytes: body.length });
  return { take, seq, bytes: body.length };
}

/** The number a new recorder of the participant's page takes: one past the highest stored. */
export async function nextVoiceTake(deps: Pick<Deps, 'db'>, participantId: number): Promise<number> {
  return (await highestTake(deps.db, participantId)) + 1;
}

/** Where a take is served (unsigned; the list signs it). */
export const voiceTakePath = (testId: number, participantId: number, take: number) =>
  `/api/v1/tests/${testId}/participants/${participantId}/voice/${take}`;

function toVoiceTake(deps: Pick<Deps, 'signedUrls' | 'clock'>, testId: number, row: VoiceTakeRow): VoiceTake {
  return {
    take: row.take,
    media_type: row.mediaType,
    started_at: toUnixSeconds(row.startedAt),
    duration_ms: row.durationMs,
    bytes: row.bytes,
    url: row.fileKey
      ? deps.signedUrls.sign(voiceTakePath(testId, row.participantId, row.take), deps.clock())
      : null,
  };
}

/**
 * A participant's spoken audio for a reader of the test's results: its takes, signed, when the
 * consent in force lets the report use the voice; none otherwise, and when retention removed it.
 */
export async function getParticipantVoice(
  deps: Deps,
  actor: Actor,
  testId: number,
  participantId: number,
): Promise<ParticipantVoice> {
  const { participant } = await readableParticipant(deps, actor, testId, participantId);
  const removed = participant.removedData.voice;
  const consented = !(await participantsLeftOutOfReport(deps, testId, 'voice')).has(participantId);
  const rows = consented && !removed ? await listTakeRows(deps.db, participantId) : [];
  return {
    consented,
    takes: rows.map((row) => toVoiceTake(deps, testId, row)),
    removed_at: removed ? toUnixSeconds(new Date(removed.at)) : null,
  };
}

/** The stored files of the participant's joined takes, in take order (its access export holds them). */
export async function joinedTakeKeys(deps: Pick<Deps, 'db'>, participantId: number): Promise<string[]> {
  return (await listTakeRows(deps.db, participantId)).flatMap((take) => (take.fileKey ? [take.fileKey] : []));
}

/** The stored file of a joined take (the signed URL was issued to a reader already checked). */
export async function voiceTakeFileKey(
  deps: Pick<Deps, 'db'>,
  testId: number,
  participantId: number,
  take: number,
) {
  const participant = await findParticipantRow(deps.db, testId, participantId);
  const row = participant
    ? (await listTakeRows(deps.db, participantId)).find((t) => t.take === take)
    : undefined;
  if (!row?.fileKey) throw notFound('This take of spoken audio');
  return row.fileKey;
}
