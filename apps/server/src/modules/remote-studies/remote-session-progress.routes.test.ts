import {
  joinedRemoteStudyAnswer,
  REMOTE_GAZE_DEFAULTS,
  REMOTE_MESSAGES,
  remoteSessionProgressAnswer,
} from '@limbus/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiClient, expectError, expectOk, useWorld } from '../../../test/api.js';
import { buildRemoteCohort, signIn } from '../../../test/factories.js';
import { remoteSessions, testQuestions } from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { scheduleIncompleteSessionsAtStart } from './incomplete-sessions-job.js';
import { remoteReadyTest, validationBody } from './remote-studies.route-cases.js';

/**
 * GET /remote/session/progress (docs/remote-studies.md 'Resuming after a reload'): a session's own
 * progress, read with that session's credential only.
 */
const ctx = useWorld();

const CONSENT = { version: 1, streams: ['eyes', 'mice', 'answers'], purposes: ['report'] };
const PROGRESS = '/api/v1/remote/session/progress';

const call = (
  authorization: string,
  method: 'GET' | 'POST' | 'PUT' = 'GET',
  url = PROGRESS,
  payload?: object,
) => ctx.t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

async function studyWithLink(testOverrides: Parameters<typeof remoteReadyTest>[2] = {}) {
  const test = await remoteReadyTest(ctx.t, ctx.world.client.id, testOverrides);
  const cohort = await buildRemoteCohort(ctx.t, {
    testId: test.id,
    createdById: ctx.world.superAdmin.id,
    expiresAt: new Date(ctx.t.clock.now.getTime() + 7 * 24 * 60 * 60 * 1000),
  });
  return { test, cohort, linkToken: cohort.token };
}

async function join(linkToken: string, consent: object = CONSENT) {
  const response = await call(`Remote ${linkToken}`, 'POST', '/api/v1/remote/participants', { consent });
  return joinedRemoteStudyAnswer.parse(expectOk(response, 201)).data;
}

/** The research area's caller (signed in anew: the tests move the clock past an access token's life). */
const admin = async () => apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.superAdmin.email));

const progressOf = async (sessionToken: string) =>
  remoteSessionProgressAnswer.parse(expectOk(await call(`Session ${sessionToken}`))).data;

const gaze = (start: number, count: number) => ({
  timestamp: Array.from({ length: count }, (_, index) => start + index * 33),
  x: Array.from({ length: count }, (_, index) => 900 + index),
  y: Array.from({ length: count }, () => 500),
});
const mice = (start: number) => ({
  timestamp: [start, start + 250],
  x: [10, 12],
  y: [20, 22],
  scroll_y: [0, 0],
  page_height: [1080, 1080],
  click: [0, 1],
  url: ['', ''],
});

const expectRefused = (
  response: LightMyRequestResponse,
  code: 'unauthenticated' | 'forbidden',
  message: string,
) => {
  expectError(response, code);
  expect(response.json().message).toBe(message);
};

describe('a session’s progress', () => {
  it('answers where a fresh session stands: the study it runs, the streams consented to, nothing done yet', async () => {
    const { linkToken } = await studyWithLink();
    const joined = await join(linkToken);
    expect(await progressOf(joined.session_token)).toEqual({
      test: { name: 'Commercial study', kind: 'video', language: expect.any(String) },
      gaze: REMOTE_GAZE_DEFAULTS,
      streams: ['eyes', 'mice', 'answers'],
      validation: null,
      answered: false,
      next_seq: { eyes: 0, mice: 0, expressions: 0 },
      next_voice_take: 1,
      ended: false,
      expires_at: joined.session_expires_at,
    });
  });

  it('follows the session: the latest verdict, the next batch numbers, the answers saved, the end', async () => {
    const { test, linkToken } = await studyWithLink();
    const joined = await join(linkToken);
    const session = (method: 'POST' | 'PUT', url: string, payload: object) =>
      call(`Session ${joined.session_token}`, method, `/api/v1/remote/session${url}`, payload);

    expectOk(await session('POST', '/validations', validationBody(1, 400)), 201);
    expect((await progressOf(joined.session_token)).validation).toEqual({
      attempt: 1,
      verdict: 'recalibrate',
    });
    expectOk(await session('POST', '/validations', validationBody(2, 20)), 201);
    expectOk(await session('PUT', '/streams/eyes/batches/0', gaze(1_000, 10)));
    expectOk(await session('PUT', '/streams/eyes/batches/1', gaze(2_000, 10)));
    expectOk(await session('PUT', '/streams/mice/batches/0', mice(1_000)));
    const midway = await progressOf(joined.session_token);
    expect(midway).toMatchObject({
      validation: { attempt: 2, verdict: 'passed' },
      next_seq: { eyes: 2, mice: 1, expressions: 0 },
      answered: false,
      ended: false,
    });
    // no figure of the gaze, no answer, no result: the progress only
    expect(JSON.stringify(midway)).not.toMatch(/accuracy|precision|score|participant/);

    const [question] = await ctx.t.db
      .insert(testQuestions)
      .values({ testId: test.id, kind: 'open', text: 'What stayed with you?', position: 0 })
      .returning();
    expectOk(await session('PUT', '/answers', { answers: [{ question_id: question?.id, text: 'The dog' }] }));
    expect((await progressOf(joined.session_token)).answered).toBe(true);

    expectOk(await session('POST', '/end', {}));
    expect(await progressOf(joined.session_token)).toMatchObject({ ended: true, answered: true });
  });

  it('a session after a failed calibration reads the verdict that ends it', async () => {
    const test = await remoteReadyTest(ctx.t, ctx.world.client.id);
    const opened = expectOk(
      await (await admin()).post(`/tests/${test.id}/remote_cohorts`, {
        remote_cohort: { cap: 5, gaze: { max_recalibrations: 0, on_failure: 'stop' } },
      }),
      201,
    ) as { token: string };
    const joined = await join(opened.token);
    const response = await call(
      `Session ${joined.session_token}`,
      'POST',
      '/api/v1/remote/session/validations',
      validationBody(1, 400),
    );
    expectOk(response, 201);
    expect((await progressOf(joined.session_token)).validation).toEqual({ attempt: 1, verdict: 'stop' });
  });
});

describe('who reads a session’s progress', () => {
  it('only the session itself: each session reads its own; the link, a user and an unknown token are refused', async () => {
    const { linkToken } = await studyWithLink();
    const first = await join(linkToken);
    const second = await join(linkToken, { ...CONSENT, streams: ['mice'] });
    expectOk(
      await call(
        `Session ${first.session_token}`,
        'PUT',
        '/api/v1/remote/session/streams/mice/batches/0',
        mice(1),
      ),
    );
    // the other session's credential reads its own participant's progress, not the first's
    expect(await progressOf(second.session_token)).toMatchObject({
      streams: ['mice'],
      next_seq: { eyes: 0, mice: 0, expressions: 0 },
    });
    expect((await progressOf(first.session_token)).next_seq.mice).toBe(1);

    expectError(await call(`Remote ${linkToken}`), 'unauthenticated');
    expectError(await call(`Session ${linkToken}`), 'unauthenticated');
    expectError(await call(`Remote ${first.session_token}`), 'unauthenticated');
    expectError(await (await admin()).get('/remote/session/progress'), 'unauthenticated');
    expectRefused(await call(`Session ${'f'.repeat(64)}`), 'unauthenticated', REMOTE_MESSAGES.sessionEnded);
  });

  it('refuses a session the server ended: its cohort closed (403), expired or closed as incomplete (401)', async () => {
    const { cohort, linkToken } = await studyWithLink();
    const closed = await join(linkToken);
    const other = await studyWithLink();
    const expiring = await join(other.linkToken);
    expect((await (await admin()).delete(`/remote_cohorts/${cohort.id}`)).statusCode).toBe(204);
    expectRefused(await call(`Session ${closed.session_token}`), 'forbidden', REMOTE_MESSAGES.revoked);

    ctx.t.clock.advance(4 * 60 * 60 * 1000);
    expectRefused(
      await call(`Session ${expiring.session_token}`),
      'unauthenticated',
      REMOTE_MESSAGES.sessionEnded,
    );
    const jobDeps = { db: ctx.t.db, files: ctx.t.files, log: ctx.t.app.log, clock: () => ctx.t.clock.now };
    await scheduleIncompleteSessionsAtStart(jobDeps);
    await runJobsUntilIdle(jobDeps, JOB_HANDLERS);
    const [closedRow] = await ctx.t.db
      .select({ incomplete: remoteSessions.incomplete })
      .from(remoteSessions)
      .where(eq(remoteSessions.participantId, expiring.participant_id));
    expect(closedRow?.incomplete).toBe(true);
    expectRefused(
      await call(`Session ${expiring.session_token}`),
      'unauthenticated',
      REMOTE_MESSAGES.sessionEnded,
    );
  });
});

describe('bad input to a session’s progress', () => {
  it('answers a malformed credential 401, reads no query and takes no write, never 500, and changes nothing', async () => {
    const { linkToken } = await studyWithLink();
    const joined = await join(linkToken);
    for (const authorization of [
      'Session',
      'Session ',
      `Session ${joined.session_token} extra`,
      `Session ${'x'.repeat(5000)}`,
      'Session \u0000\u202e',
      `session${joined.session_token}`,
      `Basic ${Buffer.from('a:b').toString('base64')}`,
    ]) {
      const response = await call(authorization);
      expect(response.statusCode, authorization.slice(0, 40)).toBe(401);
    }
    const withQuery = await call(`Session ${joined.session_token}`, 'GET', `${PROGRESS}?participant_id=1`);
    // the route takes no input: a participant id in the query addresses no one else, it is not read
    expect(remoteSessionProgressAnswer.parse(expectOk(withQuery)).data).toEqual(
      await progressOf(joined.session_token),
    );
    const posted = await call(`Session ${joined.session_token}`, 'POST', PROGRESS, { ended: true });
    expectError(posted, 'unauthenticated'); // no such route: the session opens only its own
    expect(await progressOf(joined.session_token)).toMatchObject({ validation: null, ended: false });
  });
});
