import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { buildParticipant, buildTest, buildWorld, signIn } from '../../../test/factories.js';
import { tinyMp4 } from '../../../test/videos.js';
import { removeStaleUploads } from '../../http/upload-guard.js';

// Issue 28, finding 3: the participant video upload hung on a cut-off form, left its temporary
// folder behind and answered 500 to a form without a boundary.

let t: TestApp;
let origin: string;
let authorization: string;
let testId: number;
let mp4: Buffer;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_IDLE_TIMEOUT_MS: '500' });
  const world = await buildWorld(t.db);
  ({ authorization } = await signIn(t.app, world.staff.email));
  testId = (await buildTest(t.db, world.client.id)).id;
  mp4 = await tinyMp4();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const BOUNDARY = '----limbus-faults';
const head = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="video"; filename="screen.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const formHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** What the upload left in the data folder's temporary files. */
const leftovers = () => {
  const folder = path.join(t.dataDir, 'tmp', 'uploads');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

async function participantUrl() {
  const { id } = await buildParticipant(t, testId);
  return `/api/v1/tests/${testId}/participants/${id}`;
}

/** Sends `first` over a real socket and then nothing more, keeping the request open. */
function sendAndStall(url: string, first: Buffer): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${url}`,
      { method: 'PATCH', headers: { ...formHeaders, authorization, 'transfer-encoding': 'chunked' } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, ms: Date.now() - started });
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    request.write(first);
  });
}

describe('the participant video upload’s faults (issue 28, finding 3)', () => {
  it('answers a multipart body without a boundary with 400, not 500', async () => {
    const answer = await t.app.inject({
      method: 'PATCH',
      url: await participantUrl(),
      payload: Buffer.concat([head, mp4, tail]),
      headers: { 'content-type': 'multipart/form-data', authorization },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'validation' });
  });

  it('answers a form cut off in the middle of the video with 400 and keeps nothing', async () => {
    const answer = await t.app.inject({
      method: 'PATCH',
      url: await participantUrl(),
      payload: Buffer.concat([head, mp4.subarray(0, mp4.length / 2)]),
      headers: { ...formHeaders, authorization },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/upload the video again/);
    await expect.poll(leftovers).toEqual([]);
  });

  it('answers a form that stops arriving within the idle bound, and removes its temporary file', async () => {
    const answer = await sendAndStall(await participantUrl(), Buffer.concat([head, mp4.subarray(0, 1000)]));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/upload the video again/);
    expect(answer.ms).toBeLessThan(10_000);
    await expect.poll(leftovers).toEqual([]);
  });

  it('removes its temporary file after a stored video and after a refused one', async () => {
    for (const bytes of [mp4, Buffer.from('no video at all')]) {
      await t.app.inject({
        method: 'PATCH',
        url: await participantUrl(),
        payload: Buffer.concat([head, bytes, tail]),
        headers: { ...formHeaders, authorization },
      });
      await expect.poll(leftovers).toEqual([]);
    }
  });

  it('removes at the next start what a stopped process left, not what an upload is writing', async () => {
    const folder = path.join(t.dataDir, 'tmp', 'uploads');
    fs.mkdirSync(path.join(folder, 'video-left'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'video-left', 'video'), 'half a video');
    fs.mkdirSync(path.join(folder, 'video-live'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'video-live', 'video'), 'arriving');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const place of ['video-left', 'video-left/video', 'video-live'])
      fs.utimesSync(path.join(folder, place), hourAgo, hourAgo);
    await removeStaleUploads(t.config);
    expect(fs.readdirSync(folder)).toEqual(['video-live']);
    fs.rmSync(path.join(folder, 'video-live'), { recursive: true });
  });
});
