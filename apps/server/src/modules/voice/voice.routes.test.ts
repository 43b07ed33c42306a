import {
  joinedRemoteStudyAnswer,
  participantVoiceAnswer,
  VOICE_MESSAGES,
  voiceChunkAnswer,
} from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiClient, expectError, expectOk, useWorld } from '../../../test/api.js';
import {
  buildConsentTerms,
  buildRemoteCohort,
  buildTest,
  RESULTS_READY,
  signIn,
} from '../../../test/factories.js';
import { recorderWebm } from '../../../test/videos.js';
import { tests, voiceTakes } from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { applyRetention } from '../retention/retention.service.js';
import { voiceFolder } from './voice-files.js';

/**
 * Spoken audio of remote participants (docs/remote-studies.md 'Spoken audio'): chunks sent with
 * the session's credential and the participant's consent, joined per take when the session ends,
 * listed and played by the test's readers, removed by retention.
 */
const ctx = useWorld();
const DAY = 24 * 60 * 60 * 1000;
const WITH_VOICE = { version: 1, streams: ['eyes', 'mice', 'voice'], purposes: ['report'] };

const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});
const admin = async () => apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.superAdmin.email));

/** A remote participant of a test whose terms cover the voice, with its session credential. */
async function remoteParticipant(consent: object = WITH_VOICE, testOverrides = {}) {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, { platform: 'video', ...testOverrides });
  await buildConsentTerms(ctx.t, test.id, {
    streams: ['eyes', 'mice', 'voice', 'answers'],
    purposes: ['report'],
  });
  const cohort = await buildRemoteCohort(ctx.t, {
    testId: test.id,
    createdById: ctx.world.superAdmin.id,
    expiresAt: new Date(ctx.t.clock.now.getTime() + 7 * DAY),
  });
  const response = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/v1/remote/participants',
    headers: { authorization: `Remote ${cohort.token}` },
    payload: { consent },
  });
  const joined = joinedRemoteStudyAnswer.parse(expectOk(response, 201)).data;
  const session = `Session ${joined.session_token}`;
  const send = (take: number, seq: number, bytes: Uint8Array, type = 'audio/webm;codecs=opus') =>
    ctx.t.app.inject({
      method: 'PUT',
      url: `/api/v1/remote/session/voice/${take}/chunks/${seq}`,
      headers: { authorization: session, 'content-type': type },
      payload: Buffer.from(bytes),
    });
  const end = () =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/remote/session/end',
      headers: { authorization: session },
      payload: {},
    });
  const progress = async () =>
    expectOk(
      await ctx.t.app.inject({
        method: 'GET',
        url: '/api/v1/remote/session/progress',
        headers: { authorization: session },
      }),
    ) as { data: { next_voice_take: number } };
  return { test, participantId: joined.participant_id, send, end, progress };
}

/** The recorder's bytes cut where MediaRecorder's timeslices would: anywhere, not at frame boundaries. */
const cut = (bytes: Buffer, parts: number) =>
  Array.from({ length: parts }, (_, i) =>
    bytes.subarray(Math.floor((i * bytes.length) / parts), Math.floor(((i + 1) * bytes.length) / parts)),
  );

const voiceOf = async (testId: number, participantId: number) =>
  participantVoiceAnswer.parse(
    expectOk(await (await admin()).get(`/tests/${testId}/participants/${participantId}/voice`)),
  ).data;

describe('spoken audio of a remote participant', () => {
  it('joins a take from its chunks when the session ends, with its length, and serves it to seek in', async () => {
    const { test, participantId, send, end, progress } = await remoteParticipant();
    const chunks = cut(await recorderWebm(6), 3);
    expect((await progress()).data.next_voice_take).toBe(1);
    for (const [seq, chunk] of chunks.entries())
      expect(voiceChunkAnswer.parse(expectOk(await send(1, seq, chunk))).data).toEqual({
        take: 1,
        seq,
        bytes: chunk.length,
      });
    // A retry of a chunk replaces it: nothing is stored twice.
    expectOk(await send(1, 1, chunks[1] ?? Buffer.alloc(0)));
    expect((await progress()).data.next_voice_take).toBe(2);

    const before = await voiceOf(test.id, participantId);
    expect(before.takes).toEqual([expect.objectContaining({ take: 1, url: null, duration_ms: null })]);

    expectOk(await end());
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);

    const voice = await voiceOf(test.id, participantId);
    expect(voice).toMatchObject({ consented: true, removed_at: null });
    const [take] = voice.takes;
    expect(take).toMatchObject({ take: 1, media_type: 'audio/webm' });
    expect(take?.duration_ms).toBeGreaterThan(5_800);
    expect(take?.duration_ms).toBeLessThan(6_200);
    const url = take?.url ?? '';
    const whole = await ctx.t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(whole.rawPayload.length).toBe(take?.bytes);
    const part = await ctx.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    // The chunks are gone once the joined file is named; only the take remains.
    expect(await ctx.t.files.list(voiceFolder(participantId))).toEqual([
      `${voiceFolder(participantId)}take-1.webm`,
    ]);
  });

  it('keeps each reload’s recorder as its own take', async () => {
    const { test, participantId, send, end } = await remoteParticipant();
    const [first, second] = [cut(await recorderWebm(2), 2), cut(await recorderWebm(3), 2)];
    for (const [seq, chunk] of first.entries()) expectOk(await send(1, seq, chunk));
    for (const [seq, chunk] of second.entries()) expectOk(await send(2, seq, chunk));
    expectOk(await end());
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
    const takes = (await voiceOf(test.id, participantId)).takes;
    expect(takes.map((take) => take.take)).toEqual([1, 2]);
    expect(takes.map((take) => Math.round((take.duration_ms ?? 0) / 1000))).toEqual([2, 3]);
  });

  it('refuses what is not the take’s audio, and stores nothing of it', async () => {
    const { participantId, send } = await remoteParticipant();
    const [head, rest] = cut(await recorderWebm(2), 2);
    const refused = async (response: Awaited<ReturnType<typeof send>>, status: number, message: string) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
    };
    await refused(
      await send(1, 0, Buffer.from('RIFF....WAVEfmt ')),
      400,
      VOICE_MESSAGES.notAudio('audio/webm'),
    );
    await refused(await send(1, 0, head ?? Buffer.alloc(0), 'audio/wav'), 415, VOICE_MESSAGES.mediaType);
    expect((await send(1, 0, Buffer.alloc(0))).statusCode).toBe(400);
    expectOk(await send(1, 0, head ?? Buffer.alloc(0)));
    await refused(
      await send(1, 1, rest ?? Buffer.alloc(0), 'audio/ogg'),
      415,
      VOICE_MESSAGES.otherType('audio/webm'),
    );
    expectError(await send(0, 0, head ?? Buffer.alloc(0)), 'validation');
    expectError(await send(21, 0, head ?? Buffer.alloc(0)), 'validation');
    const tooLarge = await send(1, 1, Buffer.alloc(1024 * 1024 + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(await ctx.t.files.list(voiceFolder(participantId))).toEqual([
      `${voiceFolder(participantId)}1/0.chunk`,
    ]);
  });

  it('takes no voice without consent to it, and none after the session’s end', async () => {
    const without = await remoteParticipant({ version: 1, streams: ['eyes', 'mice'], purposes: ['report'] });
    const [head] = cut(await recorderWebm(2), 2);
    expectError(await without.send(1, 0, head ?? Buffer.alloc(0)), 'forbidden');
    expect(await ctx.t.files.list(voiceFolder(without.participantId))).toEqual([]);

    const ended = await remoteParticipant();
    expectOk(await ended.end());
    expectError(await ended.send(1, 0, head ?? Buffer.alloc(0)), 'conflict');
  });

  it('lists no take once the participant withdrew the voice, and none after retention removed it', async () => {
    const { test, participantId, send, end } = await remoteParticipant(WITH_VOICE, RESULTS_READY);
    for (const [seq, chunk] of cut(await recorderWebm(2), 2).entries()) expectOk(await send(1, seq, chunk));
    expectOk(await end());
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
    expect((await voiceOf(test.id, participantId)).takes).toHaveLength(1);

    const staff = await admin();
    expectOk(
      await staff.post(`/tests/${test.id}/participants/${participantId}/consent/withdrawal`, {
        streams: ['voice'],
      }),
      201,
    );
    expect(await voiceOf(test.id, participantId)).toMatchObject({ consented: false, takes: [] });

    // The test was done 100 days ago: past the recordings period (90 days), the audio goes.
    await ctx.t.db
      .update(tests)
      .set({ doneAt: new Date(ctx.t.clock.now.getTime() - 100 * DAY) })
      .where(eq(tests.id, test.id));
    expect((await applyRetention(jobDeps())).voices).toBe(1);
    expect(await ctx.t.files.list(voiceFolder(participantId))).toEqual([]);
    expect(
      await ctx.t.db.select().from(voiceTakes).where(eq(voiceTakes.participantId, participantId)),
    ).toEqual([]);
    const after = await voiceOf(test.id, participantId);
    expect(after.removed_at).toBe(Math.floor(ctx.t.clock.now.getTime() / 1000));
  });
});
