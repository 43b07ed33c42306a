import { brotliDecompressSync } from 'node:zlib';
import { decodeStream } from '@limbus/analytics';
import { participantDetailSchema, testDetailSchema } from '@limbus/contract';
import { DEMO_VIDEO_SCENES } from '@limbus/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api.js';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { signIn } from '../../../test/factories.js';
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
});
afterAll(() => t?.close());

type Point = { emotion: string; comment: string; tags: { name: string }[]; ranking: number };

describe('demo recordings', () => {
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
});
