import { participantListAnswer, participantSummarySchema } from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, signIn } from '../../../test/factories.js';
import { tinyMp4 } from '../../../test/videos.js';

const ctx = useWorld();
let mp4: Buffer;
let staffAuth: string;
let clientAuth: string;
let testId: number;

beforeAll(async () => {
  mp4 = await tinyMp4();
  staffAuth = (await signIn(ctx.t.app, ctx.world.staff.email)).authorization;
  clientAuth = (await signIn(ctx.t.app, ctx.world.clientAdmin.email)).authorization;
  testId = (await buildTest(ctx.t.db, ctx.world.client.id)).id;
});

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, bytes: Buffer) {
  const boundary = `----limbus${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (authorization: string, participantId: number, body: ReturnType<typeof multipart>) =>
  ctx.t.app.inject({
    method: 'PATCH',
    url: `/api/v1/tests/${testId}/participants/${participantId}`,
    payload: body.payload,
    headers: { ...body.headers, authorization },
  });

describe('PATCH /tests/{id}/participants/{pid} (video upload)', () => {
  it('stores a real video and serves it at the participant’s signed URL', async () => {
    const { id } = await buildParticipant(ctx.t, testId);
    const answer = participantSummarySchema.parse(
      expectOk(await upload(staffAuth, id, multipart('video', 'screen.mp4', mp4))),
    );
    expect(answer.video).toMatch(new RegExp(`/participants/${id}/video\\?expires=`));
    const served = await ctx.t.app.inject({ method: 'GET', url: answer.video ?? '' });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, mp4)).toBe(0);
    // A new upload gets a new URL: no browser shows its cached copy of the old video.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = participantSummarySchema.parse(
      expectOk(await upload(staffAuth, id, multipart('video', 'screen.mp4', mp4))),
    );
    expect(again.video).not.toBe(answer.video);
  });

  it('refuses a file that is no video, whatever its name, and keeps the previous video', async () => {
    const { id } = await buildParticipant(ctx.t, testId);
    expectOk(await upload(staffAuth, id, multipart('video', 'first.mp4', mp4)));
    const text = multipart('video', 'notes.mp4', Buffer.from('just some text, renamed'));
    const refused = await upload(staffAuth, id, text);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({
      code: 'validation',
      errors: { video: ['not a video (MKV, MP4 or MOV)'] },
    });
    // The first bytes of an MP4 with nothing playable behind them: ffmpeg refuses it too.
    const fake = multipart('video', 'fake.mp4', Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(500)]));
    expect((await upload(staffAuth, id, fake)).statusCode).toBe(415);
    const list = participantListAnswer.parse(
      expectOk(
        await ctx.t.app.inject({
          method: 'GET',
          url: `/api/v1/tests/${testId}/participants`,
          headers: { authorization: staffAuth },
        }),
      ),
    );
    const detail = list.find((row) => row.id === id);
    if (!detail) throw new Error('no participant');
    const served = await ctx.t.app.inject({ method: 'GET', url: detail.video ?? '' });
    expect(Buffer.compare(served.rawPayload, mp4)).toBe(0);
  });

  it('wants the field video, multipart, a researcher and a participant of the test', async () => {
    const { id } = await buildParticipant(ctx.t, testId);
    expectError(await upload(staffAuth, id, multipart('file', 'screen.mp4', mp4)), 'validation', {
      video: expect.any(String),
    });
    const json = await ctx.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/tests/${testId}/participants/${id}`,
      payload: { video: 'x' },
      headers: { authorization: staffAuth },
    });
    expect(json.statusCode).toBe(415);
    expectError(await upload(clientAuth, id, multipart('video', 'screen.mp4', mp4)), 'forbidden');
    const otherTest = await buildTest(ctx.t.db, ctx.world.client.id);
    const stranger = await buildParticipant(ctx.t, otherTest.id);
    expectError(await upload(staffAuth, stranger.id, multipart('video', 'screen.mp4', mp4)), 'not_found');
  });
});
