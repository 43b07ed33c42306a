import { brotliDecompressSync } from 'node:zlib';
import { decodeStream } from '@limbus/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api.js';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { signIn } from '../../../test/factories.js';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.js';
import { seedDemoRecordings } from './demo-recordings.js';

let t: TestApp;
let client: ReturnType<typeof apiClient>;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  const now = new Date();
  await seedDemoData(t.db, now);
  await seedDemoRecordings({ db: t.db, files: t.files }, { now, participantsPerTest: 5 });
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
    expect(done.map((test: { platform: string }) => test.platform).sort()).toEqual(['desktop', 'mobile']);
    for (const test of done) {
      const participants = (await client.get(`/tests/${test.id}/participants`)).json();
      expect(participants).toHaveLength(5);
      expect(participants[0].time_to_complete_ms).toBeGreaterThan(30_000);
    }
  });

  it('stores streams the client can decode, with points and page sections from the algorithms', async () => {
    const [test] = (await client.get('/tests'))
      .json()
      .filter((candidate: { state: string }) => candidate.state === 'done');
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
