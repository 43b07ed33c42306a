import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { StreamKind } from '@limbus/analytics';
import { type EmotionSamples, type EyeSamples, type MouseSamples, sampleFrame } from '@limbus/analytics';
import { REEL_MESSAGES } from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import { enqueueJob, type JobContext, type JobDeps, type JobHandler } from '../../jobs/job-runner.js';
import { type ReelClip, renderEvidenceReel } from '../../media/evidence-reel.js';
import { probeVideo } from '../../media/probe-video.js';
import { participantsLeftOutOfReport } from '../consent/consent.service.js';
import { loadStream } from '../participants/participant-streams.js';
import type { ParticipantRow } from '../participants/participants.service.js';
import { captionOf, type ReelSubjects, reelSubjects } from './evidence-reel-subjects.js';
import { findReelRow, lockReelRow, type ReelRow, updateReelRow } from './evidence-reels.repository.js';

export const MAKE_EVIDENCE_REEL = 'make_evidence_reel';

/**
 * Marks the reel rendering and queues its job, in the caller's transaction. `publishWhenReady`
 * (the demo's reels): the render publishes the reel in the transaction that stores its file, so
 * that a reel is published exactly when, and only if, that render is stored.
 */
export async function enqueueReelRender(
  db: Executor,
  reelId: number,
  now: Date,
  { publishWhenReady = false }: { publishWhenReady?: boolean } = {},
): Promise<void> {
  await updateReelRow(db, reelId, { state: 'rendering', progress: 0, message: null });
  await enqueueJob(
    db,
    MAKE_EVIDENCE_REEL,
    { reel_id: reelId, ...(publishWhenReady ? { publish_when_ready: true } : {}) },
    now,
  );
}

export const reelFileKey = (insightId: number) =>
  `reels/insight-${insightId}-${randomBytes(6).toString('hex')}.mp4`;

/**
 * The render job: the reel's clips, as its insight's points and their participants' consent stand
 * now, rendered to a local file and stored under a new key, so that a published reel stays
 * playable until the new file is complete (then the old file goes). A killed job runs again from
 * the start; what it left is a temp folder of the machine's, never a file under a reel's key.
 */
export const makeEvidenceReelJob: JobHandler = Object.assign(
  async (deps: JobDeps, payload: Record<string, unknown>, context?: JobContext) => {
    const reel = await findReelRow(deps.db, Number(payload.reel_id));
    if (!reel) return; // its insight was deleted meanwhile
    const subjects = await reelSubjects(deps, reel.testId, reel.insightId);
    const records = reel.clips.filter((clip) => subjects.points.has(clip.point_id));
    if (records.length === 0) {
      await updateReelRow(deps.db, reel.id, { state: 'failed', message: REEL_MESSAGES.noClips });
      return;
    }
    const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'limbus-reel-'));
    try {
      const { clips, pointIds } = await reelClips(deps, reel, subjects, records, work);
      const output = path.join(work, 'reel.mp4');
      const progress = progressWriter(deps, reel.id, context);
      await renderEvidenceReel({
        title: subjects.pseudonymise(reel.insightTitle),
        note: leftOutNote(subjects.leftOut),
        clips,
        output,
        onProgress: progress.report,
      });
      await progress.settled();
      const key = reelFileKey(reel.insightId);
      await deps.files.put(key, await fs.promises.readFile(output));
      const stored = await deps.db.transaction(async (tx) => {
        // Read again under the lock an erasure and retention take: another render may have
        // replaced the file meanwhile (that one goes too); an erasure, retention or a refresh made
        // the reel a draft, so this file may show what went (this one goes).
        const current = await lockReelRow(tx, reel.id);
        if (current?.state !== 'rendering') return null;
        await updateReelRow(tx, reel.id, {
          state: 'ready',
          fileKey: key,
          renderedPointIds: pointIds,
          progress: 100,
          leftOut: subjects.leftOut,
          message: null,
          // a researcher who changed the reel meanwhile made it a draft: then nothing is stored
          ...(payload.publish_when_ready === true ? { published: true } : {}),
        });
        return { replaced: current.fileKey };
      });
      const gone = stored ? stored.replaced : key;
      if (gone) await deps.files.delete(gone);
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  },
  {
    giveUp: async (deps: JobDeps, payload: Record<string, unknown>) => {
      await updateReelRow(deps.db, Number(payload.reel_id), {
        state: 'failed',
        message: REEL_MESSAGES.failed,
      });
    },
  },
);

export function leftOutNote(leftOut: number): string {
  if (leftOut === 0) return '';
  const who = leftOut === 1 ? '1 participant' : `${leftOut} participants`;
  return `${who} left out: no consent to show their screen recording`;
}

type Streams = { eyes: EyeSamples | null; mice: MouseSamples | null; emotions: EmotionSamples | null };

async function reelClips(
  deps: JobDeps,
  reel: ReelRow,
  subjects: ReelSubjects,
  records: ReelRow['clips'],
  work: string,
): Promise<{ clips: ReelClip[]; pointIds: number[] }> {
  const [withoutEyes, withoutMice, withoutVoice] = await Promise.all(
    (['eyes', 'mice', 'voice'] as const).map((stream) =>
      participantsLeftOutOfReport(deps, reel.testId, stream),
    ),
  );
  const sources = new Map<number, Promise<{ file: string; size: { width: number; height: number } }>>();
  const streams = new Map<number, Promise<Streams>>();
  const clips: ReelClip[] = [];
  const pointIds: number[] = [];
  for (const record of records) {
    const point = subjects.points.get(record.point_id);
    const participant = point && subjects.participants.get(point.participantId);
    if (!point || !participant?.video || !participant.startedAt) continue;
    const id = participant.id;
    if (!sources.has(id)) sources.set(id, localCopy(deps, participant, work));
    if (!streams.has(id))
      streams.set(id, loadStreams(deps, id, { eyes: !withoutEyes?.has(id), mice: !withoutMice?.has(id) }));
    const source = await (sources.get(id) as Promise<{
      file: string;
      size: { width: number; height: number };
    }>);
    const samples = await (streams.get(id) as Promise<Streams>);
    const recordingStartMs = participant.startedAt.getTime();
    pointIds.push(point.id);
    const peakMs = point.timestampTop - recordingStartMs;
    clips.push({
      source: source.file,
      startMs: Math.max(0, peakMs + record.start_offset_ms),
      endMs: peakMs + record.end_offset_ms,
      peakMs,
      recordingStartMs,
      peakEmotion: point.emotion,
      overlay: { eyes: samples.eyes, mice: samples.mice },
      sampleFrame: sampleFrame(reel.platform, source.size),
      emotions: samples.emotions,
      caption: captionOf(point, reel.captionLanguage, subjects),
      pseudonym: subjects.pseudonyms.get(id) ?? '',
      badge: subjects.badge,
      withVoice: !withoutVoice?.has(id),
    });
  }
  return { clips, pointIds };
}

async function localCopy(deps: JobDeps, participant: ParticipantRow, work: string) {
  const key = participant.video as string;
  const stored = await deps.files.openRead(key);
  if (!stored) throw new Error(`The recording ${key} is missing from the file store`);
  const file = path.join(work, `participant-${participant.id}${path.extname(key)}`);
  await pipeline(stored.body, fs.createWriteStream(file));
  const { width, height } = await probeVideo(file);
  return { file, size: { width, height } };
}

async function loadStreams(
  deps: JobDeps,
  participantId: number,
  consented: { eyes: boolean; mice: boolean },
): Promise<Streams> {
  const samples = async <K extends StreamKind>(kind: K) => {
    const stream = await loadStream(deps, participantId, kind);
    return stream?.kind === kind ? stream.samples : null;
  };
  const [eyes, mice, emotions] = await Promise.all([
    consented.eyes ? samples('eyes') : null,
    consented.mice ? samples('mice') : null,
    samples('emotions'),
  ]);
  return { eyes, mice, emotions } as Streams;
}

/** The job's and the reel's progress, each percent written once, the writes one after another. */
function progressWriter(deps: JobDeps, reelId: number, context: JobContext | undefined) {
  let written = 0;
  let chain: Promise<void> = Promise.resolve();
  return {
    report(fraction: number) {
      const percent = Math.floor(fraction * 99);
      if (percent <= written) return;
      written = percent;
      context?.reportProgress(percent);
      chain = chain
        .then(() => updateReelRow(deps.db, reelId, { progress: percent }))
        .catch((error: unknown) =>
          deps.log.warn({ err: error, reelId }, 'could not record the progress of a reel'),
        );
    },
    settled: () => chain,
  };
}
