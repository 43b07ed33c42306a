import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoVideoScenes, deriveSeed, generateVideoCohort, type VideoScene } from '@limbus/demo-data';
import type { Executor } from '../db/client.js';
import type { JobDeps } from '../jobs/job-runner.js';
import {
  ensureLabel,
  findVideoParticipantRow,
  replaceSectionRows,
} from '../modules/participants/participants.service.js';
import { processVideoTest } from '../modules/video-tests/process-video-test.js';
import { insertTest, setTestVideo } from './demo-records.repository.js';
import { seedDemoRemoteCohort } from './demo-remote-cohort.js';
import { markDemoTestSeeded, SEEDING } from './demo-seed.repository.js';
import { describeDemoTags } from './demo-tags.js';
import { makeDemoVideo } from './demo-video.js';
import { seedDemoSceneNotes, seedDemoVideoQuestionnaire } from './demo-video-results.js';
import {
  DEMO_TEST_LANGUAGE,
  DEMO_TRANSLATION_LANGUAGE,
  recordDemoParticipant,
} from './record-demo-participant.js';

/** Half a minute keeps the first start quick; the commercial's scenes are scaled to it. */
export const DEMO_VIDEO_DURATION_MS = 30_000;
const DEMO_VIDEO_SIZE = { width: 960, height: 540 };
const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_VIDEO_TEST_NAME = 'Runner 2: feel lighter (commercial)';

type DemoVideoOptions = {
  companyId: number;
  now: Date;
  viewers: number;
  /** A remote cohort of webcam viewers beside the lab's, opened by `openedById`; none without. */
  remote?: { viewers: number; openedById: number };
  videoFile: string;
};

/**
 * A done video test: the demo commercial (made once per seed by makeDemoVideo, `videoFile`) as
 * the test's video, viewers from the seeded generator, and the results of the real
 * process_video_test job (curves, moments, spread, fluency, heatmap video), with the
 * commercial's scenes marked on the video participant as a researcher would, with the
 * consultant's notes on each scene, and the questionnaire with every viewer's answers.
 */
export async function seedDemoVideoTest(deps: JobDeps, options: DemoVideoOptions): Promise<number> {
  const testId = await insertDoneVideoTest(deps.db, options.companyId, options.now);
  const videoKey = `test-videos/${testId}.mp4`;
  await deps.files.put(videoKey, await fs.promises.readFile(options.videoFile));
  await setTestVideo(deps.db, testId, videoKey);
  const cohort = generateVideoCohort({
    seed: deriveSeed(options.companyId, 'video'),
    count: options.viewers,
    videoDurationMs: DEMO_VIDEO_DURATION_MS,
    startTime: options.now.getTime() - 10 * DAY_MS,
  });
  const answered = [];
  for (const viewer of cohort)
    answered.push({
      participantId: (await recordDemoParticipant(deps, testId, viewer)).id,
      answers: viewer.answers,
    });
  if (options.remote && options.remote.viewers > 0)
    answered.push(
      ...(await seedDemoRemoteCohort(deps, {
        testId,
        companyId: options.companyId,
        kind: 'video',
        videoDurationMs: DEMO_VIDEO_DURATION_MS,
        count: options.remote.viewers,
        // A week's link opened with the lab sessions; it expired before the test ended.
        openedAt: new Date(options.now.getTime() - 10 * DAY_MS),
        expiresInDays: 4,
        closedAt: null,
        openedById: options.remote.openedById,
      })),
    );
  await seedDemoVideoQuestionnaire(deps.db, testId, answered);
  await describeDemoTags(deps.db, testId);
  await processVideoTest(deps, { test_id: testId });
  await markScenes(deps.db, testId, demoVideoScenes(DEMO_VIDEO_DURATION_MS));
  await seedDemoSceneNotes(deps.db, testId);
  await markDemoTestSeeded(deps.db, testId);
  return testId;
}

/** Makes the demo commercial in a temp dir and hands its path to `work`. */
export async function withDemoVideo<T>(work: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'limbus-demo-video-'));
  try {
    const file = path.join(dir, 'runner-2.mp4');
    await makeDemoVideo(file, {
      durationMs: DEMO_VIDEO_DURATION_MS,
      ...DEMO_VIDEO_SIZE,
      scenes: demoVideoScenes(DEMO_VIDEO_DURATION_MS),
    });
    return await work(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

async function insertDoneVideoTest(db: Executor, companyId: number, now: Date): Promise<number> {
  return insertTest(db, {
    name: DEMO_VIDEO_TEST_NAME,
    internalState: SEEDING,
    purpose: 'Which moments of the commercial move viewers, and do they remember the brand and the price?',
    testType: 'professional',
    platform: 'video',
    state: 'done',
    companyId,
    brandName: 'Acme Running',
    addons: ['tagon', 'individual_participant'],
    translation: DEMO_TEST_LANGUAGE,
    translationLanguage: DEMO_TRANSLATION_LANGUAGE.name,
    startedAt: new Date(now.getTime() - 10 * DAY_MS),
    endedAt: new Date(now.getTime() - 5 * DAY_MS),
  });
}

/** The commercial's scenes as sections (scenes) of the video participant, on its timeline. */
async function markScenes(db: Executor, testId: number, scenes: readonly VideoScene[]): Promise<void> {
  const participant = await findVideoParticipantRow(db, testId);
  const start = participant?.startedAt?.getTime();
  if (!participant || start === undefined) throw new Error('video processing stored no video participant');
  const rows = [];
  for (const scene of scenes) {
    rows.push({
      timestampStart: start + scene.startMs,
      timestampEnd: start + scene.endMs - 1,
      labelId: await ensureLabel(db, testId, { name: scene.name, urls: [] }),
    });
  }
  await replaceSectionRows(db, participant.id, rows);
}
