import {
  REEL_MESSAGES,
  type Reel,
  type ReelCaptionLanguage,
  type ReelChanges,
  type ReelClipRecord,
} from '@limbus/contract';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { type Actor, can } from '../../http/policy.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { findInsightRow, getInsight } from '../insights/insights.service.js';
import { wakeScreenRecording } from '../participants/screen-recording-jobs.js';
import { testFor } from '../test-access/test-access.service.js';
import { enqueueReelRender } from './evidence-reel-job.js';
import { defaultClips, type ReelSubjects, reelSubjects } from './evidence-reel-subjects.js';
import { toReel } from './evidence-reels.mappers.js';
import {
  findReelOfInsight,
  lockReelRow,
  type ReelRow,
  updateReelRow,
  upsertReelRow,
} from './evidence-reels.repository.js';

/**
 * Evidence reels (issue 29; docs/decisions/share-links.md): the research area makes, trims,
 * renders and publishes an insight's reel; whoever reads the insight reads it once published.
 */

const reelVideoPath = (testId: number, insightId: number) =>
  `/api/v1/tests/${testId}/insights/${insightId}/reel/video`;

/** The insight's reel for the research area, after the test's 404/403 and the insight's 404. */
async function managedReel(deps: Deps, actor: Actor, testId: number, insightId: number) {
  await testFor(deps, actor, testId, 'insight.manage');
  if (!(await findInsightRow(deps.db, testId, insightId))) throw notFound('The insight');
  return findReelOfInsight(deps.db, insightId);
}

async function existingReel(deps: Deps, actor: Actor, testId: number, insightId: number): Promise<ReelRow> {
  const reel = await managedReel(deps, actor, testId, insightId);
  if (!reel) throw notFound('The reel of this insight');
  return reel;
}

async function answer(deps: Deps, reel: ReelRow, subjects?: ReelSubjects): Promise<Reel> {
  const { pseudonyms, points } = subjects ?? (await reelSubjects(deps, reel.testId, reel.insightId));
  const video = reel.fileKey
    ? `${deps.signedUrls.sign(reelVideoPath(reel.testId, reel.insightId), deps.clock())}&v=${reel.updatedAt.getTime()}`
    : null;
  return toReel(
    reel,
    (pointId) => {
      const participantId = points.get(pointId)?.participantId;
      return participantId === undefined ? '' : (pseudonyms.get(participantId) ?? '');
    },
    video,
  );
}

/**
 * A client reads a published reel with a file while every participant in that file may still be
 * shown (an erasure or a withdrawn consent hides it until it is rendered again); the research
 * area reads any. null when there is none to show: not having one is no error (the test's 404/403
 * and the insight's 404 stay).
 */
export async function getReel(
  deps: Deps,
  actor: Actor,
  testId: number,
  insightId: number,
): Promise<Reel | null> {
  await getInsight(deps, actor, testId, insightId);
  const reel = await findReelOfInsight(deps.db, insightId);
  const test = await testFor(deps, actor, testId);
  const subjects = reel && (await reelSubjects(deps, testId, insightId));
  if (!(reel && subjects && (can(actor, 'insight.manage', test) || isShownToClients(reel, subjects))))
    return null;
  return answer(deps, reel, subjects);
}

const isShownToClients = (reel: ReelRow, subjects: ReelSubjects) =>
  reel.published && mayBeShown(reel, subjects);

/**
 * The insight's reel as its clients see it (published, with a file every participant of which may
 * still be shown), with who is in it; null when clients see none. The caller has checked that the
 * reader reads the insight (a share link's visitor as a client of the test's company).
 */
export async function clientReelOf(
  deps: Pick<Deps, 'db'>,
  testId: number,
  insightId: number,
): Promise<{ reel: ReelRow & { fileKey: string }; subjects: ReelSubjects } | null> {
  const reel = await findReelOfInsight(deps.db, insightId);
  if (!reel || reel.testId !== testId) return null;
  const subjects = await reelSubjects(deps, testId, insightId);
  return isShownToClients(reel, subjects) && reel.fileKey !== null
    ? { reel: { ...reel, fileKey: reel.fileKey }, subjects }
    : null;
}

/** Whether the reel has a file and every participant in it may still be shown. */
const mayBeShown = (reel: ReelRow, subjects: ReelSubjects) =>
  reel.fileKey !== null && reel.renderedPointIds.every((id) => subjects.points.has(id));

/**
 * Starts making the recordings the reel waits for (the demo's are made from the participant's data,
 * in the background or on a first view) and answers how many are still queued or being made.
 */
async function recordingsBeingMade(
  deps: Pick<Deps, 'db' | 'clock'>,
  participantIds: readonly number[],
): Promise<number> {
  let pending = 0;
  for (const id of participantIds) if (await wakeScreenRecording(deps.db, id, deps.clock())) pending++;
  return pending;
}

/**
 * A new reel's captions are in the clients' language where the comments have it: translations are
 * made into the test's translation language, the language its readers chose.
 */
const captionsInReadersLanguage = (subjects: ReelSubjects): ReelCaptionLanguage =>
  [...subjects.points.values()].some((point) => point.translation.trim() !== '') ? 'translation' : 'original';

/**
 * Makes the insight's reel from its points, or starts it again from them (a draft, unpublished),
 * after the caller's checks of the test and the insight: the research area's POST …/reel and the
 * demo's reels (demo/demo-reels.ts). 409 while recordings it needs are being made (they are woken)
 * or when no point can be shown. `alsoInTransaction` runs in the transaction that writes the reel
 * (the demo queues its render there).
 */
export async function makeReelFromPoints(
  deps: Pick<Deps, 'db' | 'clock'>,
  testId: number,
  insightId: number,
  alsoInTransaction?: (tx: Executor, reelId: number) => Promise<void>,
): Promise<ReelSubjects> {
  const subjects = await reelSubjects(deps, testId, insightId);
  const beingMade = await recordingsBeingMade(deps, subjects.withoutRecording);
  if (beingMade > 0) throw new AppError('conflict', REEL_MESSAGES.recordingsBeingMade(beingMade));
  const clips = defaultClips(subjects);
  if (clips.length === 0) throw new AppError('conflict', REEL_MESSAGES.noPoints);
  await deps.db.transaction(async (tx) => {
    const reelId = await upsertReelRow(
      tx,
      insightId,
      { clips, leftOut: subjects.leftOut },
      captionsInReadersLanguage(subjects),
    );
    await alsoInTransaction?.(tx, reelId);
  });
  return subjects;
}

/** Whether the insight has a reel, in any state (a researcher's, or one the demo made). */
export async function insightHasReel(deps: Pick<Deps, 'db'>, insightId: number): Promise<boolean> {
  return (await findReelOfInsight(deps.db, insightId)) !== null;
}

/**
 * In the transaction of makeReelFromPoints: locks the reel and answers whether this transaction
 * made it, or it existed before (an upsert then started it again from the points).
 */
export async function isReelNewIn(tx: Executor, reelId: number): Promise<boolean> {
  const reel = await lockReelRow(tx, reelId);
  // created and last written at the transaction's time (now()), and by nothing since
  return reel !== null && reel.createdAt.getTime() === reel.updatedAt.getTime();
}

/** Makes the reel from the insight's points, or starts it again from them (a draft, unpublished). */
export async function makeReel(deps: Deps, actor: Actor, testId: number, insightId: number): Promise<Reel> {
  await managedReel(deps, actor, testId, insightId);
  const subjects = await makeReelFromPoints(deps, testId, insightId);
  return answer(deps, await existingReel(deps, actor, testId, insightId), subjects);
}

export async function updateReel(
  deps: Deps,
  actor: Actor,
  testId: number,
  insightId: number,
  changes: ReelChanges,
): Promise<Reel> {
  const reel = await existingReel(deps, actor, testId, insightId);
  const subjects = await reelSubjects(deps, testId, insightId);
  if (changes.clips) checkClips(changes.clips, subjects);
  await updateReelRow(deps.db, reel.id, {
    // A made reel's file no longer shows its clips: a draft until rendered again (clients keep the last file).
    ...(reel.state === 'rendering' ? {} : { state: 'draft' as const }),
    ...(changes.clips ? { clips: changes.clips } : {}),
    ...(changes.caption_language ? { captionLanguage: changes.caption_language } : {}),
  });
  return answer(deps, await existingReel(deps, actor, testId, insightId), subjects);
}

/** Each clip a point the reel may show, once, and inside its participant's recording. */
function checkClips(clips: readonly ReelClipRecord[], subjects: ReelSubjects): void {
  const seen = new Set<number>();
  clips.forEach((clip, index) => {
    const field = `clips.${index}`;
    const point = subjects.points.get(clip.point_id);
    if (!point) throw AppError.fieldError('validation', field, REEL_MESSAGES.unknownPoint(clip.point_id));
    if (seen.has(clip.point_id))
      throw AppError.fieldError('validation', field, REEL_MESSAGES.repeatedPoint(clip.point_id));
    seen.add(clip.point_id);
    const participant = subjects.participants.get(point.participantId);
    const startMs = participant?.startedAt?.getTime();
    const endMs = participant?.endedAt?.getTime();
    const from = point.timestampTop + clip.start_offset_ms;
    const to = point.timestampTop + clip.end_offset_ms;
    if (startMs === undefined || endMs === undefined || from < startMs || to > endMs)
      throw AppError.fieldError('validation', field, REEL_MESSAGES.outsideRecording(clip.point_id));
  });
}

/** Queues the render; the reel answers 'rendering' with its progress until the job ends. */
export async function renderReel(deps: Deps, actor: Actor, testId: number, insightId: number): Promise<Reel> {
  const reel = await existingReel(deps, actor, testId, insightId);
  await deps.db.transaction((tx) => enqueueReelRender(tx, reel.id, deps.clock()));
  return answer(deps, await existingReel(deps, actor, testId, insightId));
}

export async function publishReel(
  deps: Deps,
  actor: Actor,
  testId: number,
  insightId: number,
  published: boolean,
): Promise<Reel> {
  const reel = await existingReel(deps, actor, testId, insightId);
  if (published && !reel.fileKey) throw new AppError('conflict', REEL_MESSAGES.notReady);
  await updateReelRow(deps.db, reel.id, { published });
  return answer(deps, await existingReel(deps, actor, testId, insightId));
}

/**
 * The reel's MP4 by its signed URL (the answer that named it checked the reader), while every
 * participant in it may still be shown: a URL signed before a change of consent serves nothing.
 */
export async function sendReelVideo(
  deps: Deps,
  reply: FastifyReply,
  testId: number,
  insightId: number,
  range: string | undefined,
): Promise<FastifyReply> {
  const reel = await findReelOfInsight(deps.db, insightId);
  if (!reel || reel.testId !== testId || !reel.fileKey) throw notFound('The reel of this insight');
  if (!mayBeShown(reel, await reelSubjects(deps, testId, insightId)))
    throw notFound('The reel of this insight');
  return sendReelFile(deps, reply, reel.fileKey, range);
}

/** A reel's MP4 from the store (Range requests seek), once the caller has checked who may see it. */
export function sendReelFile(
  deps: Pick<Deps, 'files'>,
  reply: FastifyReply,
  fileKey: string,
  range: string | undefined,
): Promise<FastifyReply> {
  return sendStoredFile(reply, deps.files, fileKey, 'The reel of this insight', range);
}
