/**
 * An early answer to a multipart request (a wrong field, too many fields) must not leave the rest
 * of its body in the connection: the next request of a keep-alive client is answered at once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useWorld } from './api.js';
import { buildParticipant, buildTest, signIn } from './factories.js';

const ctx = useWorld();
let origin = '';
let authorization = '';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`;
  authorization = (await signIn(ctx.t.app, ctx.world.superAdmin.email)).authorization;
});
afterAll(() => agent.destroy());

type Answer = { status: number; body: string; ms: number };

function request(method: string, path: string, body?: Buffer, contentType?: string): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/api/v1${path}`,
      {
        method,
        agent,
        headers: { authorization, ...(contentType ? { 'content-type': contentType } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - start }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const BOUNDARY = 'limbus-boundary';
const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, bytes: number) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.bin"\r\n` +
  `Content-Type: application/octet-stream\r\n\r\n${'x'.repeat(bytes)}\r\n`;
const form = (...parts: string[]) => Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`);

/** Sends `first`, then a plain GET on the same connection, and answers both. */
async function thenNext(first: () => Promise<Answer>): Promise<[Answer, Answer]> {
  const answer = await first();
  const next = await request('GET', '/countries');
  return [answer, next];
}

it('answers the next request at once after a participant video in a wrong field', async () => {
  const testId = (await buildTest(ctx.t.db, ctx.world.client.id)).id;
  const pid = (await buildParticipant(ctx.t, testId)).id;
  const [answer, next] = await thenNext(() =>
    request('PATCH', `/tests/${testId}/participants/${pid}`, form(file('wrong', 4 * 1024 * 1024)), FORM_TYPE),
  );
  expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(next.status).toBe(200);
  expect(next.ms).toBeLessThan(2000);
}, 60_000);

it('answers the next request at once after a resource image in a wrong field', async () => {
  const [answer, next] = await thenNext(() =>
    request('POST', '/resource_images', form(file('picture', 2 * 1024 * 1024)), FORM_TYPE),
  );
  expect(answer.status, answer.body).toBe(400);
  expect(next.status).toBe(200);
  expect(next.ms).toBeLessThan(2000);
}, 60_000);

it('answers a form of 600 fields with a 413 about the fields, and the next request at once', async () => {
  const fields = Array.from({ length: 600 }, (_, i) => field(`test[focus_elements][${i % 999}]`, 'x'));
  const [answer, next] = await thenNext(() =>
    request('POST', '/tests', form(...fields, file('test[video]', 2 * 1024 * 1024)), FORM_TYPE),
  );
  expect(answer.status, answer.body).toBe(413);
  expect(answer.body.toLowerCase()).not.toContain('video');
  expect(answer.body).toContain('fields');
  expect(next.status).toBe(200);
  expect(next.ms).toBeLessThan(2000);
}, 60_000);
