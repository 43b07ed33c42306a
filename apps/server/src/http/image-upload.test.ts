import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { RESOURCE_IMAGE_MAX_BYTES } from '@limbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { buildWorld, signIn } from '../../test/factories.js';
import { IMAGES, multipartFile } from '../../test/images.js';

// Issue 28, finding 2: over-limit image uploads were sometimes stored cut off and answered 201.

let t: TestApp;
let origin: string;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  const world = await buildWorld(t.db);
  ({ authorization } = await signIn(t.app, world.staff.email));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

type Sent = { status: number; body: string; sentBytes: number };

/**
 * Sends `payload` over a real socket in 16 KB pieces, chunked (no Content-Length) unless `length`
 * is given; with `pauseAt`, a piece ends at that byte and the rest follows 50 ms later.
 */
function send(
  payload: Buffer,
  headers: Record<string, string>,
  { length, pauseAt }: { length?: number; pauseAt?: number } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let hasAnswer = false;
    const request = http.request(
      `${origin}/api/v1/resource_images`,
      {
        method: 'POST',
        headers: { ...headers, authorization, ...(length ? { 'content-length': String(length) } : {}) },
      },
      (response) => {
        hasAnswer = true;
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, sentBytes }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      // the server may close the socket once it has answered; the answer counts, not the rest
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    // With a Content-Length, the first piece is followed by a pause of up to 2 s for an early
    // answer: the server closes the connection after its 413, and a reset that meets bytes still
    // in flight could cut off the answer on a loaded machine (a client that reads answers while
    // it sends, as browsers do, sees the same).
    const waitForAnswer = (go: () => void, waited = 0) =>
      hasAnswer || waited >= 2000 ? go() : setTimeout(() => waitForAnswer(go, waited + 20), 20);
    let offset = 0;
    const next = () => {
      if (offset >= payload.length || request.destroyed) return void request.end();
      const end =
        pauseAt !== undefined && offset < pauseAt
          ? Math.min(pauseAt, offset + 16 * 1024)
          : offset + 16 * 1024;
      const piece = payload.subarray(offset, end);
      offset += piece.length;
      sentBytes = offset;
      const wait =
        offset === pauseAt
          ? (go: () => void) => setTimeout(go, 50)
          : length !== undefined && offset === piece.length
            ? (go: () => void) => waitForAnswer(go)
            : setImmediate;
      if (request.write(piece)) wait(next);
      else request.once('drain', () => wait(next));
    };
    next();
  });
}

function storedFiles(): number {
  const folder = path.join(t.dataDir, 'files', 'resource-images');
  return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
}

describe('image uploads over the limit (issue 28, finding 2)', () => {
  it('are refused with 413 and the limit, however the body arrives, and nothing is stored', async () => {
    const before = storedFiles();
    for (const extra of [
      1,
      2,
      100,
      1000,
      4096,
      16 * 1024 - 1,
      16 * 1024,
      16 * 1024 + 1,
      50_000,
      1024 * 1024,
    ]) {
      const { payload, headers } = await multipartFile(
        Buffer.concat([IMAGES.png, Buffer.alloc(RESOURCE_IMAGE_MAX_BYTES - IMAGES.png.length + extra)]),
      );
      const answer = await send(payload, headers);
      expect(answer.status, `${extra} bytes over`).toBe(413);
      expect(answer.body).toContain('An image may be at most 5 MB');
    }
    expect(storedFiles()).toBe(before);
  });

  it('are refused when the bytes past the limit come in a piece of their own', async () => {
    // the multipart reader checked for a cut-off file only when a piece of it arrived: a piece
    // that ends at the limit and a next one past it stored the first 5 MB and answered 201
    const before = storedFiles();
    for (const extra of [1, 4096]) {
      const { payload, headers } = await multipartFile(
        Buffer.concat([IMAGES.png, Buffer.alloc(RESOURCE_IMAGE_MAX_BYTES - IMAGES.png.length + extra)]),
      );
      const answer = await send(payload, headers, {
        pauseAt: payload.indexOf(IMAGES.png) + RESOURCE_IMAGE_MAX_BYTES,
      });
      expect(answer.status, `${extra} bytes over`).toBe(413);
      expect(answer.body).toContain('An image may be at most 5 MB');
    }
    expect(storedFiles()).toBe(before);
  });

  it('takes an image of exactly the limit', async () => {
    const { payload, headers } = await multipartFile(
      Buffer.concat([IMAGES.png, Buffer.alloc(RESOURCE_IMAGE_MAX_BYTES - IMAGES.png.length)]),
    );
    expect((await send(payload, headers)).status).toBe(201);
  });

  it('are refused from their Content-Length before the body is read', async () => {
    const { payload, headers } = await multipartFile(Buffer.alloc(64 * 1024 * 1024));
    const answer = await send(payload, headers, { length: payload.length });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('An image may be at most 5 MB');
    expect(answer.sentBytes).toBeLessThan(payload.length / 2);
  });
});
