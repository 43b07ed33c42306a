import { CONSENT_STREAM_OF_KIND } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { assertStreamConsented } from '../consent/consent.service.js';
import {
  NOT_A_VIDEO,
  sniffVideo,
  VIDEO_CONTAINERS,
  videoFileKey,
} from '../participants/participant-video-files.js';
import { setParticipantVideo } from '../participants/participants.service.js';
import {
  deleteVideoUpload,
  findParticipantById,
  findVideoUpload,
  insertVideoUpload,
} from './ingestion.repository.js';

/**
 * Resumable video uploads (docs/ingestion.md): the bytes so far are the part file, synced after
 * each append, so its size is the offset to continue from, also after a killed process. When
 * the last byte arrives the content is checked (not the name), the file is moved to
 * `videos/<pid>.<ext>`, then one transaction names it on the participant and drops the upload
 * row, and last the previous video is removed.
 *
 * Each step can be redone, so every call first finishes what a killed process left half done
 * and a recorder never re-sends bytes the server holds. An upload row is found in one of these:
 *   part shorter than announced    bytes are arriving: its size is the offset
 *   part of the announced size     killed before the move: check, move and name it
 *   no part, a video of that size  killed between move and transaction: name it (a start creates
 *                                  an empty part, so a missing part means it was moved)
 *   no part, no such video         nothing arrived yet (a row of an older server): offset 0
 * Without a row, a `videos/<pid>.*` the participant does not name was left by a process killed
 * before it removed the previous video, a part by one killed while refusing a file that is no
 * video: the next call removes them. The removal never touches the
 * video the participant names.
 */

type VideoDeps = Pick<Deps, 'db' | 'files' | 'config'>;
type Participant = NonNullable<Awaited<ReturnType<typeof findParticipantById>>>;
export type UploadState = { offset: number; size: number; complete: boolean };

export const partFileKey = (participantId: number) => `uploads/${participantId}.part`;

/**
 * The work running on an upload (an append, a completion), per participant: two appends at once
 * would both pass the offset check, two completions would both move the part.
 */
const inFlight = new Map<number, Promise<unknown>>();

/** Runs `work` as the only work on this participant's upload; null while another runs. */
function exclusive<T>(participantId: number, work: () => Promise<T>): Promise<T> | null {
  if (inFlight.has(participantId)) return null;
  const running = work().finally(() => inFlight.delete(participantId));
  inFlight.set(participantId, running);
  return running;
}

const tooLarge = (message: string) => new AppError('payload_too_large', message);
const conflictAt = (offset: number, message: string) =>
  new AppError('conflict', message, { upload_offset: [String(offset)] });

async function participantOf(deps: VideoDeps, participantId: number): Promise<Participant> {
  const participant = await findParticipantById(deps.db, participantId);
  if (!participant) throw notFound('The participant');
  return participant;
}

const containerOf = async (deps: VideoDeps, key: string) =>
  sniffVideo((await deps.files.readStart(key, 16)) ?? new Uint8Array());

/** Removes the participant's `videos/<pid>.*` files but `keep`. */
async function removeOtherVideos(deps: VideoDeps, participantId: number, keep: string | null) {
  for (const container of VIDEO_CONTAINERS) {
    const key = videoFileKey(participantId, container);
    if (key !== keep) await deps.files.delete(key);
  }
}

/** Names the moved video on the participant and drops the upload in one transaction, then removes the previous video. */
async function nameVideo(deps: VideoDeps, participant: Participant, key: string, size: number) {
  await deps.db.transaction(async (tx) => {
    await setParticipantVideo(tx, participant.id, key);
    await deleteVideoUpload(tx, participant.id);
  });
  await removeOtherVideos(deps, participant.id, key);
  if (participant.video && participant.video !== key) await deps.files.delete(participant.video);
  return { offset: size, size, complete: true };
}

/** Checks the content of the whole part, moves it into place and names it; 415 (and nothing kept) when it is no video. */
async function completeUpload(deps: VideoDeps, participant: Participant, size: number): Promise<UploadState> {
  const part = partFileKey(participant.id);
  const container = await containerOf(deps, part);
  if (!container) {
    await deleteVideoUpload(deps.db, participant.id);
    await deps.files.delete(part);
    throw new AppError('validation', `The file is ${NOT_A_VIDEO}`, { video: [NOT_A_VIDEO] }, 415);
  }
  const key = videoFileKey(participant.id, container);
  await deps.files.move(part, key);
  return nameVideo(deps, participant, key, size);
}

/**
 * The video a killed process moved into place for this upload without naming it: the announced
 * size and a video of its extension inside. While an upload runs no other unnamed video exists
 * (a start removes them), so an unnamed one wins over the one the participant names, which is
 * the moved one only when it had the same extension (the move replaced it).
 */
async function movedVideo(deps: VideoDeps, participant: Participant, size: number): Promise<string | null> {
  const found: string[] = [];
  for (const container of VIDEO_CONTAINERS) {
    const key = videoFileKey(participant.id, container);
    if ((await deps.files.size(key)) === size && (await containerOf(deps, key)) === container)
      found.push(key);
  }
  return found.find((key) => key !== participant.video) ?? found[0] ?? null;
}

/** The participant's video as a complete upload, once the files a killed process left are gone; null without one. */
async function storedVideo(deps: VideoDeps, participant: Participant): Promise<UploadState | null> {
  if (!participant.video) return null;
  const size = await deps.files.size(participant.video);
  if (size === null) return null;
  await removeOtherVideos(deps, participant.id, participant.video);
  return { offset: size, size, complete: true };
}

/** Where the upload stands after finishing what a killed process left half done (run exclusively). */
async function settle(deps: VideoDeps, participantId: number): Promise<UploadState | null> {
  const participant = await participantOf(deps, participantId);
  const upload = await findVideoUpload(deps.db, participantId);
  if (!upload) {
    // Left by a process killed between dropping a refused upload's row and its part.
    await deps.files.delete(partFileKey(participantId));
    return storedVideo(deps, participant);
  }
  const offset = await deps.files.size(partFileKey(participantId));
  if (offset === null) {
    const moved = await movedVideo(deps, participant, upload.size);
    if (moved) return nameVideo(deps, participant, moved, upload.size);
    return { offset: 0, size: upload.size, complete: false };
  }
  if (offset < upload.size) return { offset, size: upload.size, complete: false };
  return completeUpload(deps, participant, upload.size);
}

/**
 * The settled state; while another request works on the upload, where its bytes stand, or (when
 * that request is completing it) the state once it is done.
 */
async function settledState(deps: VideoDeps, participantId: number): Promise<UploadState | null> {
  for (;;) {
    const settling = exclusive(participantId, () => settle(deps, participantId));
    if (settling) return settling;
    const upload = await findVideoUpload(deps.db, participantId);
    const offset = await deps.files.size(partFileKey(participantId));
    if (upload && offset !== null && offset < upload.size)
      return { offset, size: upload.size, complete: false };
    await inFlight.get(participantId)?.catch(() => undefined);
  }
}

async function createUpload(
  deps: VideoDeps,
  participantId: number,
  input: { size: number; filename?: string | undefined },
): Promise<UploadState> {
  const participant = await participantOf(deps, participantId);
  if (await findVideoUpload(deps.db, participantId))
    throw new AppError('conflict', 'An upload of this participant started meanwhile: ask where it stands');
  // No unnamed video may exist while the upload runs: a missing part then means "moved" (see above).
  await removeOtherVideos(deps, participantId, participant.video);
  await deps.files.put(partFileKey(participantId), new Uint8Array());
  await insertVideoUpload(deps.db, { participantId, size: input.size, filename: input.filename ?? '' });
  return { offset: 0, size: input.size, complete: false };
}

/**
 * Starts an upload of `size` bytes, or answers the one in progress (a retried start), or that it
 * is complete when the participant's video has this size (a start retried after the last part).
 * A start of another size replaces the video.
 */
export async function startVideoUpload(
  deps: VideoDeps,
  participantId: number,
  input: { size: number; filename?: string | undefined },
): Promise<UploadState> {
  // A screen recording the participant did not consent to is refused before a byte is stored.
  await assertStreamConsented(deps, await participantOf(deps, participantId), CONSENT_STREAM_OF_KIND.video);
  const current = await settledState(deps, participantId);
  if (current && (!current.complete || current.size === input.size)) {
    if (current.size !== input.size)
      throw new AppError(
        'conflict',
        `An upload of ${current.size} bytes is in progress at offset ${current.offset}`,
      );
    return current;
  }
  if (input.size > deps.config.videoMaxBytes)
    throw tooLarge(`The video is larger than the limit of ${deps.config.videoMaxBytes} bytes`);
  const created = exclusive(participantId, () => createUpload(deps, participantId, input));
  if (!created) throw new AppError('conflict', 'Another call on this upload is running: ask again');
  return created;
}

/** Where the upload stands; a participant with a video and no upload in progress answers it complete. */
export async function videoUploadState(deps: VideoDeps, participantId: number): Promise<UploadState> {
  const current = await settledState(deps, participantId);
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
  const appending = exclusive(participantId, () =>
    appendExclusive(deps, participantId, offset, declaredLength, body),
  );
  if (appending) return appending;
  const current = (await deps.files.size(partFileKey(participantId))) ?? 0;
  throw conflictAt(current, 'Another part of this upload is being written');
}

async function appendExclusive(
  deps: VideoDeps,
  participantId: number,
  offset: number,
  declaredLength: number | null,
  body: AsyncIterable<Uint8Array>,
): Promise<UploadState> {
  // A consent withdrawn during the upload stops it: the part is not written.
  await assertStreamConsented(deps, await participantOf(deps, participantId), CONSENT_STREAM_OF_KIND.video);
  const current = await settle(deps, participantId);
  if (!current) throw notFound('An upload of this participant');
  if (current.complete) {
    // A retry of the last part whose answer was lost (or whose completion a killed process left half done).
    if (offset === current.size || (declaredLength !== null && offset + declaredLength === current.size))
      return current;
    throw conflictAt(current.size, `The upload is complete at ${current.size} bytes`);
  }
  if (offset !== current.offset)
    throw conflictAt(current.offset, `The upload stands at offset ${current.offset}, not ${offset}`);
  const room = current.size - offset;
  if (declaredLength !== null && declaredLength > room)
    throw tooLarge(
      `The part is ${declaredLength} bytes; the upload of ${current.size} bytes has ${room} left`,
    );
  const result = await deps.files.append(partFileKey(participantId), offset, body, room);
  if (result.status === 'offset_mismatch')
    throw conflictAt(result.size, `The upload stands at offset ${result.size}, not ${offset}`);
  if (result.status === 'too_large')
    throw tooLarge(`The part goes past the ${current.size} bytes announced for the upload`);
  if (result.size < current.size) return { offset: result.size, size: current.size, complete: false };
  return completeUpload(deps, await participantOf(deps, participantId), current.size);
}
