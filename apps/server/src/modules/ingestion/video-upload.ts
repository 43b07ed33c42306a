import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import {
  deleteVideoUpload,
  findParticipantById,
  findVideoUpload,
  insertVideoUpload,
  setParticipantVideo,
} from './ingestion.repository.js';

/**
 * Resumable video uploads (docs/ingestion.md): the bytes so far are the part file, synced after
 * each append, so its size is the offset to continue from, also after a killed process. When
 * the last byte arrives the content is checked (not the name) and the file renamed into place
 * before the participant names it.
 */

type VideoDeps = Pick<Deps, 'db' | 'files' | 'config'>;
export type UploadState = { offset: number; size: number; complete: boolean };

export const partFileKey = (participantId: number) => `uploads/${participantId}.part`;
export const NOT_A_VIDEO = 'not a video (MKV, MP4 or MOV)';

/** Appends in progress, per participant: two appends at once would both pass the offset check. */
const busy = new Set<number>();

const tooLarge = (message: string) => new AppError('payload_too_large', message);

/** The container of a video by its first bytes, or null when it is none of MKV, MP4 or MOV. */
export function sniffVideo(head: Uint8Array): 'mkv' | 'mp4' | 'mov' | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return 'mkv';
  if (head.length < 8) return null;
  const box = Buffer.from(head.subarray(4, 8)).toString('latin1');
  if (box === 'ftyp') return Buffer.from(head.subarray(8, 12)).toString('latin1') === 'qt  ' ? 'mov' : 'mp4';
  return ['moov', 'mdat', 'wide'].includes(box) ? 'mov' : null;
}

async function participantOf(deps: VideoDeps, participantId: number) {
  const participant = await findParticipantById(deps.db, participantId);
  if (!participant) throw notFound('The participant');
  return participant;
}

async function currentState(deps: VideoDeps, participantId: number): Promise<UploadState | null> {
  const upload = await findVideoUpload(deps.db, participantId);
  if (!upload) return null;
  const offset = (await deps.files.size(partFileKey(participantId))) ?? 0;
  return { offset, size: upload.size, complete: false };
}

/** Starts an upload of `size` bytes, or answers the one in progress (a retried start). */
export async function startVideoUpload(
  deps: VideoDeps,
  participantId: number,
  input: { size: number; filename?: string | undefined },
): Promise<UploadState> {
  await participantOf(deps, participantId);
  const current = await currentState(deps, participantId);
  if (current) {
    if (current.size !== input.size)
      throw new AppError(
        'conflict',
        `An upload of ${current.size} bytes is in progress at offset ${current.offset}`,
      );
    return current;
  }
  if (input.size > deps.config.videoMaxBytes)
    throw tooLarge(`The video is larger than the limit of ${deps.config.videoMaxBytes} bytes`);
  await deps.files.delete(partFileKey(participantId));
  await insertVideoUpload(deps.db, { participantId, size: input.size, filename: input.filename ?? '' });
  return (await currentState(deps, participantId)) ?? { offset: 0, size: input.size, complete: false };
}

export async function videoUploadState(deps: VideoDeps, participantId: number): Promise<UploadState> {
  await participantOf(deps, participantId);
  const current = await currentState(deps, participantId);
  if (!current) throw notFound('An upload of this participant');
  return current;
}

/** Appends a part at `offset`; 409 naming the current offset when it is not where the upload stands. */
export async function appendVideo(
  deps: VideoDeps,
  participantId: number,
  offset: number,
  declaredLength: number | null,
  body: AsyncIterable<Uint8Array>,
): Promise<UploadState> {
  const current = await videoUploadState(deps, participantId);
  if (offset !== current.offset)
    throw new AppError('conflict', `The upload stands at offset ${current.offset}, not ${offset}`, {
      upload_offset: [String(current.offset)],
    });
  const room = current.size - offset;
  if (declaredLength !== null && declaredLength > room)
    throw tooLarge(
      `The part is ${declaredLength} bytes; the upload of ${current.size} bytes has ${room} left`,
    );
  if (busy.has(participantId)) throw new AppError('conflict', 'Another part of this upload is being written');
  busy.add(participantId);
  let size: number;
  try {
    const result = await deps.files.append(partFileKey(participantId), offset, body, room);
    if (result.status === 'offset_mismatch')
      throw new AppError('conflict', `The upload stands at offset ${result.size}, not ${offset}`, {
        upload_offset: [String(result.size)],
      });
    if (result.status === 'too_large')
      throw tooLarge(`The part goes past the ${current.size} bytes announced for the upload`);
    size = result.size;
  } finally {
    busy.delete(participantId);
  }
  if (size < current.size) return { offset: size, size: current.size, complete: false };
  return completeUpload(deps, participantId, current.size);
}

async function completeUpload(deps: VideoDeps, participantId: number, size: number): Promise<UploadState> {
  const part = partFileKey(participantId);
  const container = sniffVideo((await deps.files.readStart(part, 16)) ?? new Uint8Array());
  if (!container) {
    await deleteVideoUpload(deps.db, participantId);
    await deps.files.delete(part);
    throw new AppError('validation', `The file is ${NOT_A_VIDEO}`, { video: [NOT_A_VIDEO] }, 415);
  }
  const key = `videos/${participantId}.${container}`;
  const previous = (await participantOf(deps, participantId)).video;
  await deps.files.move(part, key);
  await deps.db.transaction(async (tx) => {
    await setParticipantVideo(tx, participantId, key);
    await deleteVideoUpload(tx, participantId);
  });
  if (previous && previous !== key) await deps.files.delete(previous);
  return { offset: size, size, complete: true };
}
