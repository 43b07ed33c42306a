import { brotliDecompressSync } from 'node:zlib';
import { decodeStream } from '@limbus/analytics';
import {
  heatmapListAnswer,
  heatmapPointsAnswer,
  participantDetailSchema,
  qualitativeFeedbackSchema,
  testDetailSchema,
  unpackPointCells,
  videoResultsSchema,
} from '@limbus/contract';
import {
  DEMO_TAG_DESCRIPTIONS,
  DEMO_VIDEO_SCENES,
  demoAnswersIn,
  EVENT_KINDS,
  VIDEO_QUESTIONNAIRE,
} from '@limbus/demo-data';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { signIn } from '../../test/factories.js';
import { answers, jobs, participants, significantPoints, tags, tests } from '../db/schema.js';
import { MAKE_SCREEN_RECORDING } from '../modules/participants/screen-recording-jobs.js';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.js';
import { seedDemoRecordings } from './demo-recordings.js';
import { DEMO_VIDEO_DURATION_MS } from './demo-video-test.js';

let t: TestApp;
let client: ReturnType<typeof apiClient>;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  const now = new Date();
  await seedDemoData(t.db, now);
  await seedDemoRecordings(
    { db: t.db, files: t.files, log: t.app.log, clock: () => t.clock.now },
    { now, participantsPerTest: 5 },
  );
  const session = await signIn(t.app, 'client.admin@limbus.test', DEMO_PASSWORD);
  client = apiClient(t.app, session);
  authorization = session.authorization;
}, 300_000);
afterAll(() => t?.close());

type Point = { emotion: string; comment: string; tags: { name: string }[]; ranking: number };

describe('demo recordings', () => {
  it("queues every web participant's screen recording dormant, to be made on its first view", async () => {
    const webParticipants = await t.db
      .select({ id: participants.id })
      .from(participants)
      .innerJoin(tests, eq(tests.id, participants.testId))
      .where(and(inArray(tests.platform, ['desktop', 'mobile']), eq(participants.type, 'default')));
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, MAKE_SCREEN_RECORDING));
    expect(queued.map((job) => job.payload.participant_id).sort()).toEqual(
      webParticipants.map((row) => row.id).sort(),
    );
    for (const job of queued) {
      expect(job.state).toBe('queued');
      expect(job.runAfter.getUTCFullYear()).toBe(9999);
    }
  });

  it('asks each done test its questions, answered by every participant within the scales', async () => {
    const done = (await client.get('/tests'))
      .json()
      .filter((test: { state: string }) => test.state === 'done');
    for (const summary of done) {
      const test = testDetailSchema.parse((await client.get(`/tests/${summary.id}`)).json());
      const people = test.participants.filter((participant) => participant.type === 'default');
      expect(test.open_questions).toHaveLength(3);
      // the order form's five slots; the video test asks every association, five of them shown
      const asked = test.platform === 'video' ? VIDEO_QUESTIONNAIRE.associations.length : 5;
      expect(test.associations).toHaveLength(asked);
      expect(test.evaluations.length).toBeGreaterThanOrEqual(3);
      for (const question of test.open_questions) expect(question.answers.length).toBe(people.length);
      for (const question of test.evaluations) {
        expect(question.caption_low).not.toBe('');
        for (const answer of question.answers) expect([1, 2, 3, 4, 5]).toContain(answer.score);
      }
      const chosen = test.associations.flatMap((question) => question.answers);
      expect(chosen.length).toBeGreaterThan(0);
      expect(chosen.every((answer) => answer.checked)).toBe(true);
    }
  });

  it('translates every comment and answer it writes into English, as Translate comments stores them (issue 26)', async () => {
    const comments = await t.db
      .select({ text: significantPoints.comment, translation: significantPoints.translation })
      .from(significantPoints);
    const written = await t.db.select({ text: answers.text, translation: answers.translation }).from(answers);
    const phrases = (language: 'en' | 'nl') =>
      new Set([...Object.values(EVENT_KINDS).flatMap((kind) => kind[language]), ...demoAnswersIn(language)]);
    const dutch = phrases('nl');
    const english = phrases('en');
    const words = [...comments, ...written].filter((row) => row.text.trim() !== '');
    // The tests say so: run in Dutch, translated into English ('Original (Dutch)' on the toggle).
    const recorded = await t.db
      .selectDistinct({ translation: tests.translation, translationLanguage: tests.translationLanguage })
      .from(tests)
      .innerJoin(participants, eq(participants.testId, tests.id));
    expect(recorded).toEqual([{ translation: 'Dutch', translationLanguage: 'English' }]);
    const inDutch = words.filter((row) => dutch.has(row.text));
    // Both languages are written; a Dutch one carries its English words, an English one none.
    expect(inDutch.length).toBeGreaterThan(10);
    expect(words.length - inDutch.length).toBeGreaterThan(10);
    for (const row of words) {
      if (dutch.has(row.text)) expect(english.has(row.translation), row.text).toBe(true);
      else
        expect(row, 'an English original').toEqual({
          text: expect.toSatisfy((text: string) => english.has(text)),
          translation: '',
        });
    }
  });

  it('gives Acme done desktop and mobile tests with five recorded participants each', async () => {
    const done = (await client.get('/tests'))
      .json()
      .filter((test: { state: string }) => test.state === 'done');
    expect(done.map((test: { platform: string }) => test.platform).sort()).toEqual([
      'desktop',
      'mobile',
      'video',
    ]);
    for (const test of done.filter((candidate: { platform: string }) => candidate.platform !== 'video')) {
      const participants = (await client.get(`/tests/${test.id}/participants`)).json();
      expect(participants).toHaveLength(5);
      expect(participants[0].time_to_complete_ms).toBeGreaterThan(30_000);
    }
  });

  it('stores streams the client can decode, with points and page sections from the algorithms', async () => {
    const [test] = (await client.get('/tests'))
      .json()
      .filter(
        (candidate: { state: string; platform: string }) =>
          candidate.state === 'done' && candidate.platform !== 'video',
      );
    const participants = (await client.get(`/tests/${test.id}/participants`)).json();
    const points: Point[] = [];
    for (const participant of participants) {
      const url = `/tests/${test.id}/participants/${participant.id}`;
      const detail = (await client.get(`${url}?associations=significant_points,sections`)).json();
      points.push(...detail.significant_points);
      expect(detail.sections.length).toBeGreaterThan(0);
      expect(detail.sections.every((section: { label: unknown }) => section.label !== null)).toBe(true);
      const eyes = await t.app.inject({
        url: `/api/v1${url}/streams/eyes`,
        headers: { authorization, 'accept-encoding': 'br' },
      });
      const decoded = decodeStream(brotliDecompressSync(eyes.rawPayload));
      expect(decoded.kind).toBe('eyes');
      expect(decoded.samples.timestamp.length).toBeGreaterThan(1000);
    }
    expect(points.length).toBeGreaterThan(5);
    expect(points.some((point) => point.comment !== '' && point.tags.length > 0)).toBe(true);
    expect(new Set(points.map((point) => point.emotion)).size).toBeGreaterThan(1);
  });
});

describe('demo video test', () => {
  it('has the commercial, five viewers and the processed results with scenes and a heatmap video', async () => {
    const video = (await client.get('/tests'))
      .json()
      .find((test: { platform: string }) => test.platform === 'video');
    const detail = testDetailSchema.parse((await client.get(`/tests/${video.id}`)).json());
    expect(detail.internal_state).toBeNull();
    expect(detail.video).not.toBeNull();
    expect((await client.get(`/tests/${video.id}/participants`)).json()).toHaveLength(5);
    const result = participantDetailSchema.parse(
      (await client.get(`/participants/get_video_participant?test_id=${video.id}`)).json(),
    );
    expect(result.type).toBe('video_heatmap');
    const videoTags = await t.db.select().from(tags).where(eq(tags.testId, video.id));
    expect(videoTags.length).toBeGreaterThan(0);
    for (const tag of videoTags) expect(tag.description).toBe(DEMO_TAG_DESCRIPTIONS[tag.name]);
    expect(result.sections?.map((section) => section.label?.name)).toEqual(
      DEMO_VIDEO_SCENES.map((scene) => scene.name),
    );
    expect(result.emotions?.length).toBeGreaterThan(250);
    expect(result.moments?.length).toBeGreaterThan(0);
    expect(result.spread?.length).toBe(DEMO_VIDEO_DURATION_MS / 100 + 1);
    const heatmap = await t.app.inject({ url: result.video ?? '', headers: { range: 'bytes=4-7' } });
    expect(heatmap.statusCode).toBe(206);
    expect(heatmap.rawPayload.toString('latin1')).toBe('ftyp');
  });

  it('has scenes with written consultant notes and a questionnaire answered by its viewers', async () => {
    const video = (await client.get('/tests'))
      .json()
      .find((test: { platform: string }) => test.platform === 'video');
    const results = videoResultsSchema.parse((await client.get(`/tests/${video.id}/video_results`)).json());
    expect(results.stats.participants).toBe(5);
    expect(results.scores.length).toBeGreaterThan(100);
    expect(results.scenes).toHaveLength(DEMO_VIDEO_SCENES.length);
    for (const scene of results.scenes) {
      expect(scene.notes.map((note) => note.note_type)).toEqual([0, 1, 2]);
      for (const note of scene.notes) expect(note.note.length).toBeGreaterThan(20);
    }
    const feedback = qualitativeFeedbackSchema.parse(
      (await client.get(`/tests/${video.id}/qualitative_feedback`)).json(),
    );
    expect(feedback.associations.reduce((sum, association) => sum + association.count, 0)).toBeGreaterThan(4);
    expect(feedback.associations.filter((association) => association.shown)).toHaveLength(5);
    expect(feedback.evaluations.every((evaluation) => evaluation.answers === 5)).toBe(true);
    expect(feedback.open_questions.every((question) => question.answers.length > 0)).toBe(true);
  });
});

describe('demo heatmaps', () => {
  it('gives each web test a heatmap page per shop page whose gaze lies on its screenshot', async () => {
    const webTests = (await client.get('/tests'))
      .json()
      .filter(
        (test: { state: string; platform: string }) => test.state === 'done' && test.platform !== 'video',
      );
    for (const test of webTests) {
      const { heatmaps } = heatmapListAnswer.parse(
        (await client.get(`/tests/${test.id}/heatmaps`)).json(),
      ).data;
      expect(heatmaps.map((page) => page.name)).toHaveLength(5);
      const home = heatmaps[0];
      if (!home?.screenshot) throw new Error('the home page has no screenshot');
      const image = await t.app.inject({ method: 'GET', url: home.screenshot });
      expect(image.headers['content-type']).toBe('image/png');
      const width = image.rawPayload.readUInt32BE(16);
      const height = image.rawPayload.readUInt32BE(20);
      // The seed stores each screenshot's size with it, as an upload does.
      expect([home.screenshot_width, home.screenshot_height]).toEqual([width, height]);
      const { data } = heatmapPointsAnswer.parse(
        (await client.get(`/tests/${test.id}/heatmaps/${home.id}/points`)).json(),
      );
      expect(data.participants).toBe(5);
      const points = unpackPointCells(data.cells, data.cell_px);
      let inside = 0;
      for (let i = 0; i < points.x.length; i++) {
        const [x = -1, y = -1] = [points.x[i], points.y[i]];
        if (x >= 0 && x < width && y >= 0 && y < height) inside++;
      }
      expect(inside / data.samples).toBeGreaterThan(0.95);
    }
  });
});
