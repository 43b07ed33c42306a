import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { ParticipantSummary } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { type Actor, authorize } from '../../http/policy.js';
import { brokenForm, receiveGuarded, uploadsFolder } from '../../http/upload-guard.js';
import { NotAVideoError, probeVideo } from '../../media/probe-video.js';
import { testFor } from '../test-access/test-access.service.js';
import { NOT_A_VIDEO, sniffVideo, videoFileKey } from './participant-video-files.js';
import { findParticipantRow, setParticipantVideo } from './participants.repository.js';
import { participantSummaryOf } from './participants.service.js';

type VideoUpload = { file: MultipartFile; body: IncomingMessage };

/** The form's first part; a form the multipart reader cannot read (no boundary) is the client's fault. */
async function readPart(nextFile: () => Promise<MultipartFile | undefined>) {
  try {
    return await nextFile();
  } catch (error) {
    const { statusCode } = error as { statusCode?: number };
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) throw error;
    throw brokenForm('video', 'the video');
  }
}

const notAVideo = () =>
  new AppError('validation', `The file is ${NOT_A_VIDEO}`, { video: [NOT_A_VIDEO] }, 415);

/** Reads the upload into a temporary file, refusing more than `maxBytes` (413) and a form that never ends (400). */
async function receive(upload: VideoUpload, into: string, limits: { maxBytes: number; idleMs: number }) {
  const { file, body } = upload;
  await receiveGuarded({ file: file.file, body }, fs.createWriteStream(into), limits.idleMs, () =>
    brokenForm('video', 'the video'),
  );
  if (file.file.truncated)
    throw new AppError(
      'payload_too_large',
      `The video is larger than the limit of ${limits.maxBytes} bytes`,
      {
        video: [`At most ${limits.maxBytes} bytes`],
      },
    );
}

/** The container of the received file, by its first bytes and by ffmpeg reading it as a video. */
async function checkVideo(file: string) {
  const handle = await fs.promises.open(file, 'r');
  const head = Buffer.alloc(16);
  try {
    await handle.read(head, 0, 16, 0);
  } finally {
    await handle.close();
  }
  const container = sniffVideo(head);
  if (!container) throw notAVideo();
  try {
    await probeVideo(file);
  } catch (error) {
    if (error instanceof NotAVideoError) throw notAVideo();
    throw error;
  }
  return container;
}

/**
 * A researcher's upload of a participant's screen recording (PATCH multipart, field `video`):
 * checked by content (MKV, MP4 or MOV that ffmpeg reads as a video), streamed into the file store
 * under the participant's video key, named on the participant, and the previous one removed.
 */
export async function uploadParticipantVideo(
  deps: Deps,
  actor: Actor,
  testId: number,
  participantId: number,
  upload: { body: IncomingMessage; nextFile: () => Promise<MultipartFile | undefined> },
): Promise<ParticipantSummary> {
  const test = await testFor(deps, actor, testId);
  authorize(actor, 'test.annotate', test);
  const participant = await findParticipantRow(deps.db, testId, participantId);
  if (!participant) throw notFound('The participant');
  const file = await readPart(upload.nextFile);
  if (file?.fieldname !== 'video')
    throw AppError.fieldError('validation', 'video', 'Choose a video (MKV, MP4 or MOV) in the field "video"');
  const dir = await fs.promises.mkdtemp(path.join(await uploadsFolder(deps.config.dataDir), 'video-'));
  try {
    const received = path.join(dir, 'video');
    await receive({ file, body: upload.body }, received, {
      maxBytes: deps.config.videoMaxBytes,
      idleMs: deps.config.uploadIdleTimeoutMs,
    });
    const key = videoFileKey(participantId, await checkVideo(received));
    const part = `uploads/research-${participantId}-${randomUUID()}.part`;
    await deps.files.append(part, 0, fs.createReadStream(received), deps.config.videoMaxBytes);
    await deps.files.move(part, key);
    await setParticipantVideo(deps.db, participantId, key);
    if (participant.video && participant.video !== key) await deps.files.delete(participant.video);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
  return participantSummaryOf(deps, testId, participantId);
}
