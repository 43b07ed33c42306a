import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.js';
import { buildParticipant, buildTest, buildWorld, signIn } from './factories.js';
import { IMAGES } from './images.js';
import { tinyMp4 } from './videos.js';

// Issue 28 (tests and measures, finding 3): a form that stops arriving in the middle of its file
// was answered by the participant video upload only; the image uploads and the test order's video
// waited for ever. Every multipart route answers it with 400 within the idle bound.

const IDLE_MS = 500;
let t: TestApp;
let origin: string;
let authorization: string;
let testId: number;
let clientId: number;
let mp4: Buffer;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS) });
  const world = await buildWorld(t.db);
  ({ authorization } = await signIn(t.app, world.superAdmin.email));
  clientId = world.client.id;
  testId = (await buildTest(t.db, clientId)).id;
  mp4 = await tinyMp4();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const BOUNDARY = '----limbus-stalled';
const headOf = (field: string, filename: string, type: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );

type Answer = { status: number; body: string; ms: number };
const GIVE_UP_MS = 10_000;

/** Sends `first` over a real socket and then nothing more, keeping the request open. */
function sendAndStall(method: string, url: string, first: Buffer): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${url}`,
      {
        method,
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          authorization,
          'transfer-encoding': 'chunked',
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => {
          clearTimeout(giveUp);
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, ms: Date.now() - started });
        });
      },
    );
    const giveUp = setTimeout(() => {
      request.destroy();
      resolve({ status: 0, body: `no answer within ${GIVE_UP_MS} ms`, ms: GIVE_UP_MS });
    }, GIVE_UP_MS);
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    request.write(first);
  });
}

/** What uploads left in the data folder's temporary files. */
const leftovers = () => {
  const folder = path.join(t.dataDir, 'tmp', 'uploads');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

const image = (bytes: Uint8Array) =>
  Buffer.concat([headOf('file', 'page.png', 'image/png'), bytes.subarray(0, 40)]);
const video = (field: string) => () =>
  Buffer.concat([headOf(field, 'screen.mp4', 'video/mp4'), mp4.subarray(0, 1000)]);

const routes: { key: string; url: () => Promise<string> | string; form: () => Buffer }[] = [
  { key: 'POST /resource_images', url: () => '/api/v1/resource_images', form: () => image(IMAGES.png) },
  { key: 'POST /predictions', url: () => '/api/v1/predictions', form: () => image(IMAGES.png) },
  {
    key: 'POST /tests/:id/heatmap_screenshots',
    url: () => `/api/v1/tests/${testId}/heatmap_screenshots`,
    form: () => image(IMAGES.png),
  },
  { key: 'POST /tests', url: () => '/api/v1/tests', form: video('test[video]') },
  {
    key: 'PATCH /tests/:id',
    url: async () => `/api/v1/tests/${(await buildTest(t.db, clientId)).id}`,
    form: video('test[video]'),
  },
  {
    key: 'PATCH /tests/:id/participants/:pid',
    url: async () => `/api/v1/tests/${testId}/participants/${(await buildParticipant(t, testId)).id}`,
    form: video('video'),
  },
];

describe('a multipart form that stops arriving in the middle of its file (issue 28)', () => {
  it.each(routes)('is answered on $key with 400 within the idle bound, and keeps nothing', async (route) => {
    const method = route.key.split(' ')[0] as string;
    const answer = await sendAndStall(method, await route.url(), route.form());
    expect(answer.status, answer.body).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/again/),
    });
    expect(answer.ms).toBeLessThan(IDLE_MS + 5_000);
    await expect.poll(leftovers).toEqual([]);
  });
});
