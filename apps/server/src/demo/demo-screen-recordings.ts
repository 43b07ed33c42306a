import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Platform, siteLayout, siteScreenshotPath } from '@limbus/demo-data';
import { loadImage } from '@napi-rs/canvas';
import type { JobContext, JobDeps, JobHandler } from '../jobs/job-runner.js';
import { loadStream } from '../modules/participants/participant-streams.js';
import { videoFileKey } from '../modules/participants/participant-video-files.js';
import { setParticipantVideo } from '../modules/participants/participants.service.js';
import { continueBackgroundRun } from '../modules/participants/screen-recording-jobs.js';
import { findRecordedParticipant } from './demo-records.repository.js';
import { makeScreenRecording, type RecordedPage } from './screen-recording.js';

/**
 * Output widths (issue 26): 1280×720 on desktop, about the width the recording screen shows it at
 * on a laptop or a full HD screen (640 px were stretched to twice their size), and the phone's own
 * 390×844 on mobile. The shop was captured at 1920 and 390 px wide.
 */
export const DEMO_RECORDING_WIDTHS: Record<Platform, number> = { desktop: 1280, mobile: 390 };

const pageImages = new Map<Platform, Promise<Map<string, RecordedPage>>>();

/** The demo shop's captured pages by URL, decoded once per process. */
function demoPages(platform: Platform): Promise<Map<string, RecordedPage>> {
  let pages = pageImages.get(platform);
  if (!pages) {
    pages = Promise.all(
      siteLayout(platform).pages.map(
        async (page) =>
          [page.url, { image: await loadImage(siteScreenshotPath(platform, page.screenshot)) }] as const,
      ),
    ).then((entries) => new Map(entries));
    pageImages.set(platform, pages);
  }
  return pages;
}

/**
 * The job that makes a demo participant's screen recording from the bundled shop's captured
 * pages, scrolled and pointed as the participant's mouse samples say, and names it on the
 * participant like an uploaded recording. Does nothing when the participant is gone or has a
 * recording (a re-run after a crash, or one a researcher uploaded).
 */
export const makeDemoScreenRecording: JobHandler = Object.assign(
  async (deps: JobDeps, payload: Record<string, unknown>, context?: JobContext) => {
    await recordParticipantScreen(deps, payload, context);
    await continueBackgroundRun(deps.db, payload, deps.clock());
  },
  // A recording that cannot be made must not hold up the others of the background run.
  {
    giveUp: (deps: JobDeps, payload: Record<string, unknown>) =>
      continueBackgroundRun(deps.db, payload, deps.clock()),
  },
);

async function recordParticipantScreen(
  deps: JobDeps,
  payload: Record<string, unknown>,
  context?: JobContext,
): Promise<void> {
  const participantId = Number(payload.participant_id);
  if (!Number.isInteger(participantId)) throw new Error('make_screen_recording needs a participant_id');
  const row = await findRecordedParticipant(deps.db, participantId);
  if (!row || row.video || (row.platform !== 'desktop' && row.platform !== 'mobile')) return;
  const mice = await loadStream(deps, participantId, 'mice');
  if (mice?.kind !== 'mice' || mice.samples.timestamp.length === 0) return;
  const platform = row.platform;
  const timestamps = mice.samples.timestamp;
  const startMs = row.startedAt?.getTime() ?? (timestamps[0] as number);
  const endMs = timestamps[timestamps.length - 1] as number;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'limbus-screen-recording-'));
  try {
    const file = path.join(dir, 'recording.mp4');
    await makeScreenRecording(file, {
      mice: mice.samples,
      pages: await demoPages(platform),
      viewport: siteLayout(platform).viewport,
      startMs,
      durationMs: Math.max(1000, endMs - startMs),
      width: DEMO_RECORDING_WIDTHS[platform],
      pointer: platform === 'desktop' ? 'arrow' : 'touch',
      onProgress: (share) => context?.reportProgress(100 * share),
    });
    const key = videoFileKey(participantId, 'mp4');
    await deps.files.put(key, await fs.promises.readFile(file));
    await setParticipantVideo(deps.db, participantId, key);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
