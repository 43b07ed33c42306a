import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Deps } from '../../deps.js';
import { enqueueUniqueJob, type JobDeps, type JobHandler, wakeJobRunners } from '../../jobs/job-runner.js';
import { FfmpegError } from '../../media/ffmpeg.js';
import { remuxAudio } from '../../media/remux-audio.js';
import {
  deleteTakeRow,
  listUnjoinedTakeRows,
  markTakeJoined,
  type VoiceTakeRow,
} from './voice.repository.js';
import { chunkSeqOf, VOICE_CONTAINERS, voiceChunkFolder, voiceFolder, voiceTakeKey } from './voice-files.js';

/**
 * When a remote session ends (by the participant, or closed as incomplete), each take of its
 * spoken audio is joined into one file: its chunks in order, rewritten by ffmpeg so that a
 * browser knows its length and can seek (docs/remote-studies.md 'Spoken audio'). Every step can
 * be redone: a join killed midway is done again by the next attempt, and chunks are removed only
 * once the joined file is named on its take.
 */
export const JOIN_VOICE = 'join_voice';

type JoinDeps = Pick<JobDeps, 'db' | 'files' | 'log' | 'clock'>;

/** Queues the join of the participant's takes (once per participant), when it has any to join. */
export async function queueVoiceJoining(deps: Pick<Deps, 'db' | 'clock'>, participantId: number) {
  if ((await listUnjoinedTakeRows(deps.db, participantId)).length === 0) return;
  const key = `participant-${participantId}`;
  const payload = { participant_id: participantId };
  if ((await enqueueUniqueJob(deps.db, JOIN_VOICE, key, payload, deps.clock())) !== null) wakeJobRunners();
}

export const joinVoiceJob: JobHandler = async (deps, payload) => {
  await joinVoiceTakes(deps, Number(payload.participant_id));
};

/** Joins every take of the participant not joined yet; answers how many it joined. */
export async function joinVoiceTakes(deps: JoinDeps, participantId: number): Promise<number> {
  let joined = 0;
  for (const take of await listUnjoinedTakeRows(deps.db, participantId))
    if (await joinTake(deps, take)) joined += 1;
  return joined;
}

async function chunkKeysInOrder(deps: JoinDeps, take: VoiceTakeRow): Promise<string[]> {
  const keys = await deps.files.list(voiceChunkFolder(take.participantId, take.take));
  return keys
    .map((key) => ({ key, seq: chunkSeqOf(key) }))
    .filter((chunk): chunk is { key: string; seq: number } => chunk.seq !== null)
    .sort((a, b) => a.seq - b.seq)
    .map((chunk) => chunk.key);
}

async function joinTake(deps: JoinDeps, take: VoiceTakeRow): Promise<boolean> {
  const keys = await chunkKeysInOrder(deps, take);
  if (keys.length === 0) {
    await deleteTakeRow(deps.db, take.id);
    return false;
  }
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'limbus-voice-'));
  try {
    const chunks = path.join(work, 'chunks');
    await writeChunks(deps, keys, chunks);
    const { file, durationMs } = await rewrite(deps, take, chunks, work);
    const key = voiceTakeKey(take.participantId, take.take, take.mediaType);
    const part = `${voiceFolder(take.participantId)}take-${take.take}.part`;
    await deps.files.delete(part);
    const size = (await fs.promises.stat(file)).size;
    await deps.files.append(part, 0, fs.createReadStream(file), size);
    await deps.files.move(part, key);
    const named = await markTakeJoined(deps.db, take.id, {
      fileKey: key,
      bytes: size,
      durationMs,
      joinedAt: deps.clock(),
    });
    // Erased while it was joined: the file must not outlive its participant.
    if (!named) await deps.files.delete(key);
    await deps.files.deletePrefix(voiceChunkFolder(take.participantId, take.take).replace(/\/$/, ''));
    return named;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

async function writeChunks(deps: JoinDeps, keys: readonly string[], file: string) {
  const handle = await fs.promises.open(file, 'w');
  try {
    for (const key of keys) {
      const bytes = await deps.files.get(key);
      if (bytes) await handle.write(bytes);
    }
  } finally {
    await handle.close();
  }
}

/**
 * The chunks rewritten by ffmpeg, with their length; the chunks as they came when ffmpeg cannot
 * read them (kept, not lost: a player may still play part of them), without a length.
 */
async function rewrite(deps: JoinDeps, take: VoiceTakeRow, chunks: string, work: string) {
  const { ext, muxer } = VOICE_CONTAINERS[take.mediaType];
  const output = path.join(work, `take.${ext}`);
  try {
    return { file: output, durationMs: await remuxAudio(chunks, output, muxer) };
  } catch (error) {
    if (!(error instanceof FfmpegError)) throw error;
    deps.log.warn(
      { err: error, takeId: take.id },
      'a take of spoken audio could not be rewritten: kept as sent',
    );
    return { file: chunks, durationMs: null };
  }
}
