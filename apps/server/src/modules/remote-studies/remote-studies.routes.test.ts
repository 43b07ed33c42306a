import {
  auditListAnswer,
  CONSENT_MESSAGES,
  createdRemoteCohortAnswer,
  endedRemoteSessionAnswer,
  joinedRemoteStudyAnswer,
  participantConsentAnswer,
  participantDetailSchema,
  participantListAnswer,
  participantQualityAnswer,
  REMOTE_GAZE_DEFAULTS,
  REMOTE_MESSAGES,
  REMOTE_SECONDS_PER_PAGE,
  REMOTE_SITE_SECONDS,
  remoteAnswersSavedAnswer,
  remoteCohortListAnswer,
  remoteMaterialAnswer,
  remoteStudyAnswer,
  remoteValidationAnswer,
} from '@limbus/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { dumpEverything, findPerson } from '../../../test/erasure-dump.js';
import { buildTest } from '../../../test/factories.js';
import { IMAGES } from '../../../test/images.js';
import { hashOpaqueToken } from '../../auth/opaque-tokens.js';
import {
  answers,
  heatmaps,
  jobs,
  participants,
  remoteCohorts,
  remoteSessions,
  remoteValidations,
  testQuestions,
} from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { CLOSE_INCOMPLETE_SESSIONS, scheduleIncompleteSessionsAtStart } from './incomplete-sessions-job.js';
import { remoteReadyTest, validationBody } from './remote-studies.route-cases.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const DAY_MS = 24 * 60 * 60 * 1000;
const CONSENT = { version: 1, streams: ['eyes', 'mice'], purposes: ['report', 'norms'] };
const PROLIFIC = 'https://app.prolific.com/submissions/complete?cc=C1ABC&pid={participant_id}';

/** Moves the server's clock, and signs the world in again (access tokens last 15 minutes). */
async function advanceClock(ms: number) {
  ctx.t.clock.advance(ms);
  as = await signInWorld(ctx.t.app, ctx.world);
}

/** A caller with `Authorization: <scheme> <token>`. */
function holder(scheme: 'Remote' | 'Session', token: string) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<LightMyRequestResponse> =>
    ctx.t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload ? { payload } : {}),
      headers: { authorization: `${scheme} ${token}` },
    });
}

async function openCohort(testId: number, cohort: Record<string, unknown> = {}) {
  return createdRemoteCohortAnswer.parse(
    expectOk(
      await as.superAdmin.post(`/tests/${testId}/remote_cohorts`, { remote_cohort: { cap: 5, ...cohort } }),
      201,
    ),
  );
}

/** A remote-ready test of the client with an open cohort; answers the link's caller. */
async function studyWithLink(
  cohort: Record<string, unknown> = {},
  testOverrides: Parameters<typeof buildTest>[2] = {},
) {
  const test = await remoteReadyTest(ctx.t, ctx.world.client.id, testOverrides);
  const opened = await openCohort(test.id, cohort);
  return { test, cohort: opened.data, token: opened.token, link: holder('Remote', opened.token) };
}

async function join(link: ReturnType<typeof holder>, body: Record<string, unknown> = {}) {
  return joinedRemoteStudyAnswer.parse(
    expectOk(await link('POST', '/remote/participants', { consent: CONSENT, ...body }), 201),
  ).data;
}

const gaze = (start: number, count: number) => ({
  timestamp: Array.from({ length: count }, (_, index) => start + index * 33),
  x: Array.from({ length: count }, (_, index) => 900 + index),
  y: Array.from({ length: count }, () => 500),
});

const cohortCount = async () => (await ctx.t.db.select({ id: remoteCohorts.id }).from(remoteCohorts)).length;

describe('opening a remote cohort', () => {
  it('answers the participant link once and keeps only its hash', async () => {
    const test = await remoteReadyTest(ctx.t, ctx.world.client.id);
    const opened = await openCohort(test.id, { cap: 150, expires_in_days: 7, redirect_url: PROLIFIC });
    expect(opened.token).toMatch(/^[0-9a-f]{64}$/);
    expect(opened.path).toBe(`/p/${opened.token}`);
    expect(opened.data).toMatchObject({ test_id: test.id, cap: 150, participants: 0, state: 'open' });
    expect(opened.data.expires_at - Math.floor(ctx.t.clock.now.getTime() / 1000)).toBe(7 * 24 * 3600);
    const [row] = await ctx.t.db.select().from(remoteCohorts).where(eq(remoteCohorts.id, opened.data.id));
    expect(row?.tokenHash).toBe(hashOpaqueToken(opened.token));
    expect(JSON.stringify(row)).not.toContain(opened.token);
    const listed = remoteCohortListAnswer.parse(
      expectOk(await as.staff.get(`/tests/${test.id}/remote_cohorts`)),
    );
    expect(listed.data).toEqual([expect.objectContaining({ id: opened.data.id, redirect_url: PROLIFIC })]);
    expect(JSON.stringify(listed)).not.toContain(opened.token);
  });

  it('takes an expiry date: the link works through that day (UTC)', async () => {
    const test = await remoteReadyTest(ctx.t, ctx.world.client.id);
    const day = new Date(ctx.t.clock.now.getTime() + 10 * DAY_MS).toISOString().slice(0, 10);
    const opened = await openCohort(test.id, { expires_on: day });
    expect(new Date(opened.data.expires_at * 1000).toISOString()).toBe(
      new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString(),
    );
  });

  it('refuses bad input with 400 naming the field, and opens nothing', async () => {
    const test = await remoteReadyTest(ctx.t, ctx.world.client.id);
    const before = await cohortCount();
    const past = new Date(ctx.t.clock.now.getTime() - DAY_MS).toISOString().slice(0, 10);
    const far = new Date(ctx.t.clock.now.getTime() + 400 * DAY_MS).toISOString().slice(0, 10);
    const refused: [Record<string, unknown>, string, string][] = [
      [{ cap: 0 }, 'cap', 'At least 1 participant'],
      [{ cap: 10_001 }, 'cap', 'At most 10000 participants'],
      [{ cap: 2.5 }, 'cap', 'Give a whole number of participants'],
      [
        { cap: 5, expires_in_days: 5 },
        'expires_in_days',
        'Choose 1, 3, 7, 14, 30, 90 days, or a date (expires_on)',
      ],
      [{ cap: 5, expires_on: past }, 'expires_on', REMOTE_MESSAGES.expiryPast],
      [{ cap: 5, expires_on: far }, 'expires_on', REMOTE_MESSAGES.expiryTooFar],
      [{ cap: 5, expires_on: '2030-02-30' }, 'expires_on', 'Use a date as YYYY-MM-DD'],
      [{ cap: 5, expires_in_days: 7, expires_on: far }, 'expires_on', REMOTE_MESSAGES.expiryTwice],
      [{ cap: 5, redirect_url: 'http://panel.example/done' }, 'redirect_url', REMOTE_MESSAGES.redirectScheme],
      [{ cap: 5, redirect_url: 'javascript:alert(1)' }, 'redirect_url', REMOTE_MESSAGES.redirectScheme],
      [{ cap: 5, redirect_url: 'panel.example/done' }, 'redirect_url', REMOTE_MESSAGES.redirectNotUrl],
      [
        { cap: 5, redirect_url: 'https://panel.example/done?rid={RID}' },
        'redirect_url',
        REMOTE_MESSAGES.unknownPlaceholder('RID'),
      ],
      [
        { cap: 5, redirect_url: 'https://{participant_id}.panel.example/done' },
        'redirect_url',
        REMOTE_MESSAGES.placeholderInHost,
      ],
    ];
    for (const [cohort, field, message] of refused) {
      const response = await as.superAdmin.post(`/tests/${test.id}/remote_cohorts`, {
        remote_cohort: cohort,
      });
      expectError(response, 'validation', { [field]: message });
    }
    expect(await cohortCount()).toBe(before);
  });

  it('takes http:// only for localhost', async () => {
    const test = await remoteReadyTest(ctx.t, ctx.world.client.id);
    const opened = await openCohort(test.id, {
      redirect_url: 'http://localhost:5173/done?p={limbus_participant_id}',
    });
    expect(opened.data.redirect_url).toBe('http://localhost:5173/done?p={limbus_participant_id}');
  });

  it('needs the consent terms of the test (409)', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id);
    const response = await as.superAdmin.post(`/tests/${test.id}/remote_cohorts`, {
      remote_cohort: { cap: 5 },
    });
    expectError(response, 'conflict');
    expect(response.json().message).toBe(REMOTE_MESSAGES.noTerms);
  });

  it("is the research area's: client users of any company are refused (403), a missing test or cohort is 404", async () => {
    const { test, cohort } = await studyWithLink();
    const before = await cohortCount();
    for (const client of [as.clientAdmin, as.otherAdmin, as.clientMember]) {
      expectError(
        await client.post(`/tests/${test.id}/remote_cohorts`, { remote_cohort: { cap: 5 } }),
        'forbidden',
      );
      expectError(await client.get(`/tests/${test.id}/remote_cohorts`), 'forbidden');
      expectError(await client.delete(`/remote_cohorts/${cohort.id}`), 'forbidden');
    }
    expectError(
      await as.superAdmin.post('/tests/999999/remote_cohorts', { remote_cohort: { cap: 5 } }),
      'not_found',
    );
    expectError(await as.superAdmin.get('/tests/999999/remote_cohorts'), 'not_found');
    expectError(await as.superAdmin.delete('/remote_cohorts/999999'), 'not_found');
    expect(await cohortCount()).toBe(before);
    const listed = remoteCohortListAnswer.parse(
      expectOk(await as.superAdmin.get(`/tests/${test.id}/remote_cohorts`)),
    );
    expect(listed.data[0]?.state).toBe('open');
  });
});

/** The /api/v1 routes of the app as registered, with every path parameter filled. */
function everyRoute() {
  return ctx.t.app.registeredRoutes
    .filter((route) => route.url.startsWith('/api/v1'))
    .map((route) => ({
      method: route.method,
      key: `${route.method} ${route.url}`,
      url: route.url
        .replace(/:kind/, 'eyes')
        .replace(/:(\w+)/g, '1')
        .replace('*', 'x'),
    }));
}

/** Tries every registered route with the credential; answers the keys of those that answered 2xx. */
async function routesOpenTo(authorization: string): Promise<string[]> {
  const open: string[] = [];
  for (const route of everyRoute()) {
    const response = await ctx.t.app.inject({
      method: route.method as 'GET',
      url: route.url,
      headers: { authorization },
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });
    if (response.statusCode < 300) open.push(route.key);
    else expect([400, 401, 403, 404, 409], `${route.key}: ${response.body}`).toContain(response.statusCode);
  }
  return open.sort();
}

describe('the participant link and the session: their reach', () => {
  it('the link opens only the study (its join refuses an empty body), and no other route of the app', async () => {
    const { token } = await studyWithLink();
    expect(await routesOpenTo(`Remote ${token}`)).toEqual([
      'GET /api/v1/remote/study',
      'HEAD /api/v1/remote/study',
    ]);
  });

  it('the session opens only its material, its progress and its end (its batches and answers refuse an empty body), and no other route of the app', async () => {
    const { link } = await studyWithLink();
    const { session_token } = await join(link);
    expect(await routesOpenTo(`Session ${session_token}`)).toEqual([
      'GET /api/v1/remote/session/material',
      'GET /api/v1/remote/session/progress',
      'HEAD /api/v1/remote/session/material',
      'HEAD /api/v1/remote/session/progress',
      'POST /api/v1/remote/session/end',
    ]);
  });

  it('is refused by every other route, public ones included (401), and users cannot use its routes', async () => {
    const { token, link } = await studyWithLink();
    const { session_token } = await join(link);
    for (const authorization of [`Remote ${token}`, `Session ${session_token}`]) {
      const response = await ctx.t.app.inject({
        method: 'GET',
        url: '/api/v1/countries',
        headers: { authorization },
      });
      expectError(response, 'unauthenticated');
      expect(response.json().message).toBe(REMOTE_MESSAGES.otherCredential);
    }
    expectError(await as.superAdmin.get('/remote/study'), 'unauthenticated');
    expectError(await holder('Session', token)('GET', '/remote/study'), 'unauthenticated');
    expectError(await holder('Remote', session_token)('POST', '/remote/session/end', {}), 'unauthenticated');
    expectError(await holder('Remote', 'f'.repeat(64))('GET', '/remote/study'), 'not_found');
  });
});

describe('a participant joining by the link', () => {
  it('reads the study it runs: name, kind, language, consent terms; no result', async () => {
    const { link } = await studyWithLink();
    const study = remoteStudyAnswer.parse(expectOk(await link('GET', '/remote/study'))).data;
    expect(study.test).toEqual({ name: 'Commercial study', kind: 'video', language: 'English' });
    expect(study.consent_terms).toMatchObject({ version: 1, streams: ['eyes', 'mice', 'answers'] });
    expect(Object.keys(expectOk(await link('GET', '/remote/study')).data as object).sort()).toEqual([
      'consent_terms',
      'expires_at',
      'gaze',
      'test',
    ]);
    expect(study.gaze).toEqual(REMOTE_GAZE_DEFAULTS);
  });

  it('creates one webcam participant with its online consent, listed with its source and audited', async () => {
    const { test, cohort, link } = await studyWithLink();
    const joined = await join(link, { external_id: 'PROLIFIC-5f1a' });
    const [row] = await ctx.t.db
      .select()
      .from(participants)
      .where(eq(participants.id, joined.participant_id));
    expect(row).toMatchObject({
      testId: test.id,
      source: 'webcam',
      state: 'recording',
      realId: `remote-${cohort.id}-0001`,
    });
    const [session] = await ctx.t.db
      .select()
      .from(remoteSessions)
      .where(eq(remoteSessions.participantId, row?.id ?? 0));
    expect(session?.tokenHash).toBe(hashOpaqueToken(joined.session_token));
    expect(session?.externalId).toBe('PROLIFIC-5f1a');
    const list = participantListAnswer.parse(
      expectOk(await as.superAdmin.get(`/tests/${test.id}/participants`)),
    );
    expect(list.find((participant) => participant.id === joined.participant_id)?.source).toBe('webcam');
    const consent = participantConsentAnswer.parse(
      expectOk(await as.superAdmin.get(`/tests/${test.id}/participants/${joined.participant_id}/consent`)),
    ).data;
    expect(consent.current).toMatchObject({
      method: 'online',
      version: 1,
      streams: ['eyes', 'mice'],
      purposes: ['report', 'norms'],
    });
    const audit = auditListAnswer.parse(expectOk(await as.superAdmin.get(`/audit?test_id=${test.id}`)));
    expect(audit.data.map((entry) => entry.action).sort()).toEqual([
      'consent_changed',
      'remote_cohort_opened',
      'remote_participant_joined',
    ]);
    const exported = await as.superAdmin.get(
      `/tests/${test.id}/participants/${joined.participant_id}/access-export`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const held = JSON.parse(new TextDecoder().decode(files['participant.json']));
    expect(held.participant.source).toBe('webcam');
    expect(held.remote_session).toMatchObject({
      cohort_id: cohort.id,
      panel_id: 'PROLIFIC-5f1a',
      ended_at: null,
    });
  });

  it('refuses a consent to other terms or beyond them, and a panel id twice, taking no place', async () => {
    const { cohort, link } = await studyWithLink();
    const bad = await link('POST', '/remote/participants', { consent: { ...CONSENT, version: 2 } });
    expectError(bad, 'conflict', { version: REMOTE_MESSAGES.termsChanged(1) });
    const beyond = await link('POST', '/remote/participants', {
      consent: { ...CONSENT, streams: ['emotions'] },
    });
    expectError(beyond, 'validation', { streams: CONSENT_MESSAGES.notInTerms('EEG and emotions', 1) });
    await join(link, { external_id: 'PANEL-1' });
    const twice = await link('POST', '/remote/participants', { consent: CONSENT, external_id: 'PANEL-1' });
    expectError(twice, 'conflict', { external_id: REMOTE_MESSAGES.externalIdTaken });
    const listed = remoteCohortListAnswer.parse(
      expectOk(await as.superAdmin.get(`/tests/${cohort.test_id}/remote_cohorts`)),
    );
    expect(listed.data[0]?.participants).toBe(1);
  });

  it('needs the panel id when the redirect sends it back', async () => {
    const { link } = await studyWithLink({ redirect_url: PROLIFIC });
    const response = await link('POST', '/remote/participants', { consent: CONSENT });
    expectError(response, 'validation', { external_id: REMOTE_MESSAGES.externalIdNeeded });
  });
});

describe("a participant's session", () => {
  it('uploads its own participant only, through the ingestion path, and ends with the redirect filled and encoded', async () => {
    const { cohort, link } = await studyWithLink({
      redirect_url: 'https://panel.example/done?pid={participant_id}&ref={limbus_participant_id}',
    });
    const first = await join(link, { external_id: 'A B&c=d/é' });
    const second = await join(link, { external_id: 'other' });
    const session = holder('Session', first.session_token);
    const start = ctx.t.clock.now.getTime();
    expectOk(await session('POST', '/remote/session/validations', validationBody(1, 20)), 201);
    expect(expectOk(await session('PUT', '/remote/session/streams/eyes/batches/0', gaze(start, 30)))).toEqual(
      {
        kind: 'eyes',
        seq: 0,
        sample_count: 30,
      },
    );
    expectOk(await session('PUT', '/remote/session/streams/eyes/batches/1', gaze(start + 1000, 20)));
    const emotions = await session('PUT', '/remote/session/streams/emotions/batches/0', gaze(start, 3));
    expectError(emotions, 'validation', { kind: REMOTE_MESSAGES.emotionsFromLab });
    // the lab's ingestion routes take a setup's key, not a session
    const ingest = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/v1/ingest/participants/${second.participant_id}/streams/eyes/batches/0`,
      headers: { authorization: `Session ${first.session_token}` },
      payload: gaze(start, 3),
    });
    expectError(ingest, 'unauthenticated');
    // a session creates no participant
    expectError(await session('POST', '/remote/participants', { consent: CONSENT }), 'unauthenticated');

    const ended = endedRemoteSessionAnswer.parse(
      expectOk(await session('POST', '/remote/session/end', {})),
    ).data;
    expect(ended.participant).toEqual({ id: first.participant_id, state: 'finished', streams: { eyes: 50 } });
    expect(ended.redirect_url).toBe(
      `https://panel.example/done?pid=A%20B%26c%3Dd%2F%C3%A9&ref=remote-${cohort.id}-0001`,
    );
    expect(expectOk(await session('POST', '/remote/session/end', {}))).toEqual({ data: ended });
    expectError(
      await session('PUT', '/remote/session/streams/eyes/batches/2', gaze(start + 5000, 3)),
      'conflict',
    );
    const [other] = await ctx.t.db
      .select()
      .from(participants)
      .where(eq(participants.id, second.participant_id));
    expect(other?.state).toBe('recording');
  });

  it('is refused a stream its participant did not consent to (403)', async () => {
    const { link } = await studyWithLink();
    const { session_token } = await join(link, { consent: { ...CONSENT, streams: ['eyes'] } });
    const mice = await holder('Session', session_token)('PUT', '/remote/session/streams/mice/batches/0', {
      timestamp: [1, 2],
      x: [1, 2],
      y: [1, 2],
      scroll_y: [0, 0],
      page_height: [900, 900],
      click: [0, 0],
      url: ['https://shop.example/', 'https://shop.example/'],
    });
    expectError(mice, 'forbidden');
  });

  it('ends without a redirect when the cohort has none', async () => {
    const { link } = await studyWithLink();
    const { session_token } = await join(link);
    const ended = endedRemoteSessionAnswer.parse(
      expectOk(await holder('Session', session_token)('POST', '/remote/session/end', {})),
    );
    expect(ended.data.redirect_url).toBeNull();
  });
});

describe('the limits of a link', () => {
  it('is refused once the cap is reached (403), counted in the list', async () => {
    const { cohort, link } = await studyWithLink({ cap: 2 });
    await join(link);
    await join(link);
    for (const response of [
      await link('POST', '/remote/participants', { consent: CONSENT }),
      await link('GET', '/remote/study'),
    ]) {
      expectError(response, 'forbidden');
      expect(response.json().message).toBe(REMOTE_MESSAGES.full);
    }
    const listed = remoteCohortListAnswer.parse(
      expectOk(await as.superAdmin.get(`/tests/${cohort.test_id}/remote_cohorts`)),
    );
    expect(listed.data[0]).toMatchObject({ participants: 2, cap: 2, state: 'full' });
    const count = await ctx.t.db.select().from(participants).where(eq(participants.testId, cohort.test_id));
    expect(count).toHaveLength(2);
  });

  it('never passes the cap, nor takes a panel id twice, under joins at once', async () => {
    const { cohort, link } = await studyWithLink({ cap: 5 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => link('POST', '/remote/participants', { consent: CONSENT })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array(5).fill(201),
      ...Array(7).fill(403),
    ]);
    const joined = await ctx.t.db.select().from(participants).where(eq(participants.testId, cohort.test_id));
    expect(joined.map((participant) => participant.realId).sort()).toEqual(
      [1, 2, 3, 4, 5].map((n) => `remote-${cohort.id}-000${n}`),
    );
    const other = await studyWithLink();
    const same = await Promise.all(
      Array.from({ length: 4 }, () =>
        other.link('POST', '/remote/participants', { consent: CONSENT, external_id: 'PANEL-SAME' }),
      ),
    );
    expect(same.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const listed = remoteCohortListAnswer.parse(
      expectOk(await as.superAdmin.get(`/tests/${other.test.id}/remote_cohorts`)),
    );
    expect(listed.data[0]?.participants).toBe(1);
  });

  it('is refused once revoked, and its sessions upload nothing more', async () => {
    const { cohort, link } = await studyWithLink();
    const { session_token } = await join(link);
    expect((await as.superAdmin.delete(`/remote_cohorts/${cohort.id}`)).statusCode).toBe(204);
    for (const response of [
      await link('GET', '/remote/study'),
      await link('POST', '/remote/participants', { consent: CONSENT }),
      await holder('Session', session_token)('PUT', '/remote/session/streams/eyes/batches/0', gaze(0, 3)),
      await holder('Session', session_token)('POST', '/remote/session/end', {}),
    ]) {
      expectError(response, 'forbidden');
      expect(response.json().message).toBe(REMOTE_MESSAGES.revoked);
    }
    const listed = remoteCohortListAnswer.parse(
      expectOk(await as.superAdmin.get(`/tests/${cohort.test_id}/remote_cohorts`)),
    );
    expect(listed.data[0]?.state).toBe('revoked');
    const audit = auditListAnswer.parse(
      expectOk(await as.superAdmin.get(`/audit?test_id=${cohort.test_id}&action=remote_cohort_revoked`)),
    );
    expect(audit.data).toHaveLength(1);
    expect(audit.data[0]?.detail).toMatchObject({ cohort_id: cohort.id, participants: 1 });
  });
});

describe('expiry', () => {
  it('refuses the link after its expiry, and a session after its own (401)', async () => {
    const test = await remoteReadyTest(ctx.t, ctx.world.client.id);
    const { token } = await openCohort(test.id, { expires_in_days: 1 });
    const link = holder('Remote', token);
    const { session_token } = await join(link);
    await advanceClock(4 * 60 * 60 * 1000);
    const late = await holder('Session', session_token)(
      'PUT',
      '/remote/session/streams/eyes/batches/0',
      gaze(0, 3),
    );
    expectError(late, 'unauthenticated');
    expect(late.json().message).toBe(REMOTE_MESSAGES.sessionEnded);
    await advanceClock(DAY_MS);
    for (const response of [
      await link('GET', '/remote/study'),
      await link('POST', '/remote/participants', { consent: CONSENT }),
    ]) {
      expectError(response, 'forbidden');
      expect(response.json().message).toBe(REMOTE_MESSAGES.expired);
    }
    const listed = remoteCohortListAnswer.parse(
      expectOk(await as.superAdmin.get(`/tests/${test.id}/remote_cohorts`)),
    );
    expect(listed.data[0]?.state).toBe('expired');
  });
});

describe('erasing a remote participant (GDPR Art. 17)', () => {
  it('removes its session with the panel id, and the erasure is verified', async () => {
    const { test, link } = await studyWithLink();
    const joined = await join(link, { external_id: 'PANEL-ERASE-7' });
    const session = holder('Session', joined.session_token);
    expectOk(await session('POST', '/remote/session/validations', validationBody(1, 20)), 201);
    expectOk(
      await session('PUT', '/remote/session/streams/eyes/batches/0', gaze(ctx.t.clock.now.getTime(), 10)),
    );
    expectOk(await session('POST', '/remote/session/end', {}));
    const [row] = await ctx.t.db
      .select()
      .from(participants)
      .where(eq(participants.id, joined.participant_id));
    const person = { participantId: joined.participant_id, realId: row?.realId ?? '', keys: [] };
    expect(JSON.stringify([...(await dumpEverything(ctx.t.db, ctx.t.files)).rows])).toContain(
      'PANEL-ERASE-7',
    );

    const started = expectOk<{ data: { id: number } }>(
      await as.superAdmin.post(`/tests/${test.id}/participants/${joined.participant_id}/erasure`),
      202,
    );
    await runJobsUntilIdle(
      { db: ctx.t.db, files: ctx.t.files, log: ctx.t.app.log, clock: () => ctx.t.clock.now },
      JOB_HANDLERS,
    );
    const done = expectOk<{ data: { state: string } }>(
      await as.superAdmin.get(`/tests/${test.id}/erasures/${started.data.id}`),
    );
    expect(done.data.state).toBe('verified');
    const dump = await dumpEverything(ctx.t.db, ctx.t.files);
    expect(findPerson(dump, person)).toEqual([]);
    expect(
      await ctx.t.db
        .select()
        .from(remoteValidations)
        .where(eq(remoteValidations.participantId, joined.participant_id)),
    ).toEqual([]);
    expect(JSON.stringify([...dump.rows])).not.toContain('PANEL-ERASE-7');
    // the session's credential went with it
    expectError(await session('POST', '/remote/session/end', {}), 'unauthenticated');
  });
});

describe('calibration and validation', () => {
  const validations = async (participantId: number) =>
    ctx.t.db.select().from(remoteValidations).where(eq(remoteValidations.participantId, participantId));
  const validate = async (session: ReturnType<typeof holder>, attempt: number, offset: number) =>
    remoteValidationAnswer.parse(
      expectOk(await session('POST', '/remote/session/validations', validationBody(attempt, offset)), 201),
    ).data;

  it("opens a cohort with the test's gaze settings, answered in the list and the study", async () => {
    const test = await remoteReadyTest(ctx.t, ctx.world.client.id);
    const gazeSettings = {
      threshold_deg: 2.5,
      max_recalibrations: 0,
      on_failure: 'stop',
      gaze_without_validation: true,
    };
    const opened = await openCohort(test.id, { gaze: gazeSettings });
    expect(opened.data.gaze).toEqual(gazeSettings);
    const partly = await openCohort(test.id, { gaze: { threshold_deg: 1.3 } });
    expect(partly.data.gaze).toEqual({ ...REMOTE_GAZE_DEFAULTS, threshold_deg: 1.3 });
    const listed = remoteCohortListAnswer.parse(
      expectOk(await as.staff.get(`/tests/${test.id}/remote_cohorts`)),
    );
    expect(listed.data.map((cohort) => cohort.gaze)).toEqual([
      { ...REMOTE_GAZE_DEFAULTS, threshold_deg: 1.3 },
      gazeSettings,
    ]);
    const study = remoteStudyAnswer.parse(
      expectOk(await holder('Remote', opened.token)('GET', '/remote/study')),
    );
    expect(study.data.gaze).toEqual(gazeSettings);
    const before = await cohortCount();
    for (const [gazeSettings, field, message] of [
      [{ threshold_deg: 0.4 }, 'threshold_deg', 'The accuracy threshold must be 0.5–10°'],
      [{ threshold_deg: 11 }, 'threshold_deg', 'The accuracy threshold must be 0.5–10°'],
      [{ max_recalibrations: 6 }, 'max_recalibrations', 'Recalibrations allowed: 0 to 5'],
      [{ on_failure: 'retry' }, 'on_failure', 'Choose continue_without_gaze or stop'],
    ] as const) {
      expectError(
        await as.superAdmin.post(`/tests/${test.id}/remote_cohorts`, {
          remote_cohort: { cap: 5, gaze: gazeSettings },
        }),
        'validation',
        { [field]: message },
      );
    }
    expect(await cohortCount()).toBe(before);
  });

  it('is measured by the server from the points and estimates, in degrees of the screen sent or assumed', async () => {
    const { link } = await studyWithLink();
    const joined = await join(link);
    const session = holder('Session', joined.session_token);
    // 1536 CSS px at 96 px an inch and 600 mm: tan(1°) · 600 · 96 / 25.4 = 39.58 px a degree
    const assumed = await validate(session, 1, 20);
    expect(assumed).toMatchObject({
      attempt: 1,
      accuracy_px: 21,
      precision_px: 2,
      targets_used: 5,
      verdict: 'passed',
    });
    expect(assumed.accuracy_deg).toBeCloseTo(21 / 39.58, 3);
    expect(assumed.precision_deg).toBeCloseTo(2 / 39.58, 3);
    // a 344 mm wide screen at 500 mm: tan(1°) · 500 · 1536 / 344 = 38.97 px a degree
    const told = remoteValidationAnswer.parse(
      expectOk(
        await session('POST', '/remote/session/validations', {
          ...validationBody(2, 20),
          geometry: { width_px: 1536, height_px: 864, width_mm: 344, distance_mm: 500 },
        }),
        201,
      ),
    ).data;
    expect(told.accuracy_deg).toBeCloseTo(21 / 38.97, 3);
    // targets with fewer than 3 estimates tell nothing: no figures, and a recalibration
    const empty = validationBody(1, 20);
    const blind = remoteValidationAnswer.parse(
      expectOk(
        await session('POST', '/remote/session/validations', {
          ...empty,
          targets: empty.targets.map((target) => ({ ...target, estimates: target.estimates.slice(0, 2) })),
        }),
        201,
      ),
    ).data;
    expect(blind).toEqual({
      attempt: 1,
      accuracy_deg: null,
      precision_deg: null,
      accuracy_px: null,
      precision_px: null,
      targets_used: 0,
      verdict: 'recalibrate',
    });
    const rows = await validations(joined.participant_id);
    expect(rows.map((row) => [row.attempt, row.verdict, row.targetsUsed])).toEqual([
      [1, 'passed', 5],
      [2, 'passed', 5],
      [1, 'recalibrate', 0],
    ]);
    expect(rows[0]?.pxPerDegree).toBeCloseTo(39.58, 2);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const { link } = await studyWithLink();
    const joined = await join(link);
    const session = holder('Session', joined.session_token);
    const body = validationBody(1, 20);
    const [target] = body.targets;
    const refused: [object, string, string][] = [
      [{ ...body, attempt: 0 }, 'attempt', 'The attempt is 1 to 6'],
      [{ ...body, attempt: 7 }, 'attempt', 'The attempt is 1 to 6'],
      [{ ...body, attempt: 1.5 }, 'attempt', 'Give a whole attempt number'],
      [{ ...body, targets: body.targets.slice(0, 2) }, 'targets', 'A validation has 3 to 20 targets'],
      [{ ...body, targets: Array(21).fill(target) }, 'targets', 'A validation has 3 to 20 targets'],
      [
        { ...body, targets: [{ ...target, estimates: Array(301).fill({ x: 1, y: 1 }) }, ...body.targets] },
        'estimates',
        'At most 300 estimates a target',
      ],
      [
        { ...body, geometry: { width_px: 100, height_px: 864 } },
        'width_px',
        'Screen width must be 320–10000 px',
      ],
      [{ ...body, geometry: { height_px: 864 } }, 'width_px', ''],
      [{ ...body, accuracy_deg: 0.1 }, '', ''],
      [{ ...body, targets: [{ ...target, x: 'left' }, ...body.targets] }, 'x', 'Must be a number of px'],
    ];
    for (const [payload, field, message] of refused) {
      const response = await session('POST', '/remote/session/validations', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      if (message) expectError(response, 'validation', { [field]: message });
    }
    expect(await validations(joined.participant_id)).toEqual([]);
  });

  it('only the session opens it: not the link, not a user', async () => {
    const { token, link } = await studyWithLink();
    const joined = await join(link);
    const body = validationBody(1, 20);
    expectError(
      await holder('Remote', token)('POST', '/remote/session/validations', body),
      'unauthenticated',
    );
    expectError(await as.superAdmin.post('/remote/session/validations', body), 'unauthenticated');
    expect(await validations(joined.participant_id)).toEqual([]);
  });

  it('recalibrates while attempts are left, then goes on without gaze or stops as the cohort says', async () => {
    const { link } = await studyWithLink();
    const session = holder('Session', (await join(link)).session_token);
    // 200 px off: 5° at 39.58 px a degree, over the default 4°
    const verdicts = [];
    for (const attempt of [1, 2, 3]) verdicts.push((await validate(session, attempt, 200)).verdict);
    expect(verdicts).toEqual(['recalibrate', 'recalibrate', 'continue_without_gaze']);

    const strict = await studyWithLink({
      gaze: { max_recalibrations: 1, on_failure: 'stop', threshold_deg: 1 },
    });
    const strictSession = holder('Session', (await join(strict.link)).session_token);
    // 60 px: 1.5°, over 1°
    expect((await validate(strictSession, 1, 60)).verdict).toBe('recalibrate');
    expect((await validate(strictSession, 2, 60)).verdict).toBe('stop');
    expect((await validate(strictSession, 2, 20)).verdict).toBe('passed');
  });

  it('takes gaze only after a passed validation, keeping the participant; mouse data always', async () => {
    const { link } = await studyWithLink();
    const joined = await join(link);
    const session = holder('Session', joined.session_token);
    const start = ctx.t.clock.now.getTime();
    const early = await session('PUT', '/remote/session/streams/eyes/batches/0', gaze(start, 10));
    expectError(early, 'conflict');
    expect(early.json().message).toBe(REMOTE_MESSAGES.gazeNeedsCalibration);
    expect(
      expectOk(
        await session('PUT', '/remote/session/streams/mice/batches/0', {
          timestamp: [start, start + 16],
          x: [1, 2],
          y: [1, 2],
          scroll_y: [0, 0],
          page_height: [900, 900],
          click: [0, 0],
          url: ['https://shop.example/', 'https://shop.example/'],
        }),
      ),
    ).toMatchObject({ kind: 'mice', sample_count: 2 });
    expect((await validate(session, 1, 200)).verdict).toBe('recalibrate');
    expectError(await session('PUT', '/remote/session/streams/eyes/batches/0', gaze(start, 10)), 'conflict');
    expect((await validate(session, 2, 20)).verdict).toBe('passed');
    expect(
      expectOk(await session('PUT', '/remote/session/streams/eyes/batches/0', gaze(start, 10))),
    ).toMatchObject({
      kind: 'eyes',
      sample_count: 10,
    });
    const [row] = await ctx.t.db
      .select()
      .from(participants)
      .where(eq(participants.id, joined.participant_id));
    expect(row?.state).toBe('recording');
  });

  it('takes gaze without a validation when the cohort says so', async () => {
    const { link } = await studyWithLink({ gaze: { gaze_without_validation: true } });
    const session = holder('Session', (await join(link)).session_token);
    expectOk(
      await session('PUT', '/remote/session/streams/eyes/batches/0', gaze(ctx.t.clock.now.getTime(), 10)),
    );
  });

  it("ends with the session's webcam figures, which researchers read with the participant's quality and the export carries", async () => {
    const { test, link } = await studyWithLink();
    const joined = await join(link);
    const session = holder('Session', joined.session_token);
    await validate(session, 1, 200);
    const best = await validate(session, 2, 20);
    const start = ctx.t.clock.now.getTime();
    // 30 samples every 33 ms, 6 of them lost (null), and a 2 s gap (a hidden tab)
    const eyes = gaze(start, 30);
    eyes.timestamp = eyes.timestamp.map((t, i) => (i >= 15 ? t + 2000 : t));
    const withLost = { ...eyes, x: eyes.x.map((x, i) => (i % 5 === 0 ? null : x)) };
    expectOk(await session('PUT', '/remote/session/streams/eyes/batches/0', withLost));
    expectOk(await session('POST', '/remote/session/end', {}));
    const again = await session('POST', '/remote/session/validations', validationBody(3, 20));
    expectError(again, 'conflict');
    expect(again.json().message).toBe(REMOTE_MESSAGES.sessionOver);

    const quality = participantQualityAnswer.parse(
      expectOk(await as.superAdmin.get(`/tests/${test.id}/quality/${joined.participant_id}`)),
    ).data;
    expect(quality.source).toBe('webcam');
    expect(quality.webcam?.validation_passed).toBe(true);
    expect(quality.webcam?.validation_accuracy_deg).toBeCloseTo(best.accuracy_deg ?? 0, 5);
    expect(quality.webcam?.validation_precision_deg).toBeCloseTo(best.precision_deg ?? 0, 5);
    expect(quality.webcam?.tracking_ratio).toBeCloseTo(24 / 30, 5);
    expect(quality.webcam?.sampling_rate_hz).toBeCloseTo(1000 / 33, 3);

    const files = unzipSync(
      new Uint8Array(
        (await as.superAdmin.get(`/tests/${test.id}/participants/${joined.participant_id}/access-export`))
          .rawPayload,
      ),
    );
    const held = JSON.parse(new TextDecoder().decode(files['participant.json']));
    expect(held.remote_session.validations.map((v: { verdict: string }) => v.verdict)).toEqual([
      'recalibrate',
      'passed',
    ]);
    expect(held.remote_session.sampling_rate_hz).toBeCloseTo(1000 / 33, 3);

    const testQuality = expectOk<{ data: { participants: { source: string; webcam: unknown }[] } }>(
      await as.superAdmin.get(`/tests/${test.id}/quality`),
    );
    expect(testQuality.data.participants).toEqual([
      expect.objectContaining({
        source: 'webcam',
        webcam: expect.objectContaining({ validation_passed: true }),
      }),
    ]);
  });
});

/** The test's questionnaire: one association, one scale question, one open question. */
async function addQuestions(testId: number) {
  const rows = await ctx.t.db
    .insert(testQuestions)
    .values([
      { testId, kind: 'association', text: 'Energetic', position: 0 },
      {
        testId,
        kind: 'scale',
        text: 'How appealing was it?',
        description: 'From not at all to very',
        captionLow: 'Not at all',
        captionHigh: 'Very',
        position: 0,
      },
      { testId, kind: 'open', text: 'What stayed with you?', position: 0 },
    ])
    .returning();
  const [association, scale, open] = rows;
  if (!association || !scale || !open) throw new Error('no questions');
  return { association, scale, open };
}

/** A screenshot's stored name, as storeScreenshot makes them. */
const HOME_PNG = `${'a'.repeat(32)}.png`;
const WITH_ANSWERS = { ...CONSENT, streams: ['eyes', 'mice', 'answers'] };

describe("the session's material", () => {
  it("shows a video test's video, signed until the session's end, and its questionnaire with nothing of anyone's answers", async () => {
    const { test, link } = await studyWithLink({}, { video: 'videos/commercial.mp4' });
    const questions = await addQuestions(test.id);
    const lab = await buildParticipantAnswer(test.id, questions.open.id);
    const joined = await join(link);
    const session = holder('Session', joined.session_token);
    const material = remoteMaterialAnswer.parse(
      expectOk(await session('GET', '/remote/session/material')),
    ).data;
    expect(material.stimulus).toEqual({
      kind: 'video',
      video_url: expect.stringMatching(new RegExp(`^/api/v1/tests/${test.id}/video\\?`)),
      duration_s: null,
    });
    expect(material.questions).toEqual({
      associations: [{ id: questions.association.id, text: 'Energetic' }],
      evaluations: [
        {
          id: questions.scale.id,
          text: 'How appealing was it?',
          description: 'From not at all to very',
          caption_low: 'Not at all',
          caption_high: 'Very',
        },
      ],
      open_questions: [{ id: questions.open.id, text: 'What stayed with you?' }],
    });
    expect(JSON.stringify(material)).not.toContain(lab);
    // the video's URL works no longer than the session
    const url = new URL(material.stimulus.kind === 'video' ? material.stimulus.video_url : '', 'http://x');
    expect(Number(url.searchParams.get('expires'))).toBe(joined.session_expires_at);
  });

  it("shows a website test's pages with a screenshot, in their order, each for the contract's seconds", async () => {
    const { test, link } = await studyWithLink({}, { platform: 'desktop', name: 'Shop study' });
    const [home, , product] = await ctx.t.db
      .insert(heatmaps)
      .values([
        {
          testId: test.id,
          name: 'Home',
          url: 'https://shop.example/',
          screenshot: HOME_PNG,
          screenshotWidth: 1440,
          screenshotHeight: 3200,
        },
        { testId: test.id, name: 'Not captured yet' },
        {
          testId: test.id,
          name: 'Product',
          screenshot: `${'b'.repeat(32)}.png`,
          screenshotWidth: 1440,
          screenshotHeight: 2100,
        },
      ])
      .returning();
    const session = holder('Session', (await join(link)).session_token);
    const { stimulus } = remoteMaterialAnswer.parse(
      expectOk(await session('GET', '/remote/session/material')),
    ).data;
    expect(stimulus).toEqual({
      kind: 'pages',
      seconds_each: REMOTE_SECONDS_PER_PAGE,
      pages: [
        {
          id: home?.id,
          name: 'Home',
          url: 'https://shop.example/',
          screenshot_url: expect.stringMatching(
            new RegExp(`^/api/v1/tests/${test.id}/heatmap_screenshots/${HOME_PNG}\\?`),
          ),
          width: 1440,
          height: 3200,
        },
        expect.objectContaining({ id: product?.id, name: 'Product', width: 1440, height: 2100 }),
      ],
    });
    // the browser loads the screenshot by its URL alone, without the session's credential
    await ctx.t.files.put(`heatmap-screenshots/${test.id}/${HOME_PNG}`, Buffer.from(IMAGES.png));
    const shown = stimulus.kind === 'pages' ? stimulus.pages[0]?.screenshot_url : '';
    const image = await ctx.t.app.inject({ method: 'GET', url: shown ?? '' });
    expect(image.statusCode).toBe(200);
  });

  it('lets a test of the bundled demo shop be browsed live on this origin, with the test’s scenario as the task', async () => {
    const { link } = await studyWithLink(
      {},
      {
        platform: 'mobile',
        url: 'https://shop.acme.test/basket',
        scenario: 'Find a running shoe in size 43.',
      },
    );
    const session = holder('Session', (await join(link)).session_token);
    const { stimulus } = remoteMaterialAnswer.parse(
      expectOk(await session('GET', '/remote/session/material')),
    ).data;
    expect(stimulus).toEqual({
      kind: 'site',
      start_url: '/demo-shop/basket',
      origin: 'https://shop.acme.test',
      width: 390,
      seconds: REMOTE_SITE_SECONDS,
      task: 'Find a running shoe in size 43.',
    });
    const page = await ctx.t.app.inject({
      method: 'GET',
      url: stimulus.kind === 'site' ? stimulus.start_url : '',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="/demo-shop/checkout"');
  });

  it('shows nothing for a video test without its video and a website test without a screenshot', async () => {
    const video = await studyWithLink();
    const website = await studyWithLink({}, { platform: 'mobile' });
    await ctx.t.db.insert(heatmaps).values({ testId: website.test.id, name: 'Home' });
    for (const { link } of [video, website]) {
      const session = holder('Session', (await join(link)).session_token);
      const material = remoteMaterialAnswer.parse(
        expectOk(await session('GET', '/remote/session/material')),
      ).data;
      expect(material).toEqual({
        stimulus: { kind: 'none' },
        questions: { associations: [], evaluations: [], open_questions: [] },
      });
    }
  });

  it("is refused to the link's token and a user's (401)", async () => {
    const { token } = await studyWithLink();
    expectError(await holder('Remote', token)('GET', '/remote/session/material'), 'unauthenticated');
    expectError(await as.superAdmin.get('/remote/session/material'), 'unauthenticated');
    expectError(
      await as.superAdmin.put('/remote/session/answers', { answers: [{ question_id: 1, text: 'x' }] }),
      'unauthenticated',
    );
    expectError(
      await holder('Remote', token)('PUT', '/remote/session/answers', {
        answers: [{ question_id: 1, text: 'x' }],
      }),
      'unauthenticated',
    );
  });
});

/** A lab participant's answer to the question; answers its text, which no remote participant may read. */
async function buildParticipantAnswer(testId: number, questionId: number) {
  const [lab] = await ctx.t.db
    .insert(participants)
    .values({ testId, realId: `lab-${questionId}`, state: 'finished' })
    .returning();
  const text = `A lab participant's own words ${questionId}`;
  await ctx.t.db.insert(answers).values({ questionId, participantId: lab?.id ?? 0, text });
  return text;
}

const answersOf = (participantId: number) =>
  ctx.t.db.select().from(answers).where(eq(answers.participantId, participantId));

describe("the session's answers", () => {
  it('stores them as the research area reads them, and a retry replaces them', async () => {
    const { test, link } = await studyWithLink();
    const questions = await addQuestions(test.id);
    const joined = await join(link, { consent: WITH_ANSWERS });
    const session = holder('Session', joined.session_token);
    const body = {
      answers: [
        { question_id: questions.association.id, checked: true },
        { question_id: questions.scale.id, score: 4 },
        { question_id: questions.open.id, text: 'The runner at the end' },
      ],
    };
    expect(
      remoteAnswersSavedAnswer.parse(expectOk(await session('PUT', '/remote/session/answers', body))),
    ).toEqual({
      data: { saved: 3 },
    });
    expectOk(await session('PUT', '/remote/session/answers', body));
    const changed = { answers: [{ question_id: questions.scale.id, score: 2 }] };
    expectOk(await session('PUT', '/remote/session/answers', changed));
    const stored = await answersOf(joined.participant_id);
    expect(stored).toHaveLength(3);
    const detail = participantDetailSchema.parse(
      expectOk(
        await as.superAdmin.get(
          `/tests/${test.id}/participants/${joined.participant_id}?associations=open_questions,evaluations,associations`,
        ),
      ),
    );
    expect(detail.evaluations?.find((q) => q.id === questions.scale.id)?.answer?.score).toBe(2);
    expect(detail.associations?.[0]?.answer?.checked).toBe(true);
    expect(detail.open_questions?.[0]?.answer?.text).toBe('The runner at the end');
  });

  it('refuses a question of another test, a score on a question without a scale or a question twice, storing nothing', async () => {
    const { test, link } = await studyWithLink();
    const questions = await addQuestions(test.id);
    const other = await addQuestions((await remoteReadyTest(ctx.t, ctx.world.client.id)).id);
    const joined = await join(link, { consent: WITH_ANSWERS });
    const session = holder('Session', joined.session_token);
    const foreign = await session('PUT', '/remote/session/answers', {
      answers: [
        { question_id: questions.open.id, text: 'Fine' },
        { question_id: other.open.id, text: 'Elsewhere' },
      ],
    });
    expectError(foreign, 'validation');
    expect(foreign.json().errors).toEqual({ 'answers.1.question_id': [REMOTE_MESSAGES.unknownQuestion] });
    const scored = await session('PUT', '/remote/session/answers', {
      answers: [{ question_id: questions.open.id, text: 'Fine', score: 3 }],
    });
    expectError(scored, 'validation');
    expect(Object.keys(scored.json().errors)).toEqual(['answers.0.score']);
    const twice = await session('PUT', '/remote/session/answers', {
      answers: [
        { question_id: questions.open.id, text: 'Fine' },
        { question_id: questions.open.id, text: 'Changed my mind' },
      ],
    });
    expectError(twice, 'validation');
    expect(twice.json().errors).toEqual({ answers: ['Answer each question once'] });
    expect(await answersOf(joined.participant_id)).toEqual([]);
  });

  it('refuses answers without consent to them (403), and after the end (409)', async () => {
    const { test, link } = await studyWithLink();
    const questions = await addQuestions(test.id);
    const body = { answers: [{ question_id: questions.open.id, text: 'Fine' }] };
    const withoutConsent = await join(link);
    const refused = await holder('Session', withoutConsent.session_token)(
      'PUT',
      '/remote/session/answers',
      body,
    );
    expectError(refused, 'forbidden');
    expect(refused.json().message).toBe(REMOTE_MESSAGES.answersNotConsented);
    expect(await answersOf(withoutConsent.participant_id)).toEqual([]);

    const ended = await join(link, { consent: WITH_ANSWERS });
    const session = holder('Session', ended.session_token);
    expectOk(await session('POST', '/remote/session/end', {}));
    const late = await session('PUT', '/remote/session/answers', body);
    expectError(late, 'conflict');
    expect(late.json().message).toBe(REMOTE_MESSAGES.sessionOver);
    expect(await answersOf(ended.participant_id)).toEqual([]);
  });
});

describe('incomplete sessions', () => {
  it('finishes a participant whose session expired without its end with what was uploaded, and says so', async () => {
    const { test, link } = await studyWithLink({ gaze: { gaze_without_validation: true } });
    const left = await join(link);
    const stayed = await join(link);
    const start = ctx.t.clock.now.getTime();
    expectOk(
      await holder('Session', left.session_token)(
        'PUT',
        '/remote/session/streams/eyes/batches/0',
        gaze(start, 30),
      ),
    );
    expectOk(await holder('Session', stayed.session_token)('POST', '/remote/session/end', {}));
    const jobDeps = { db: ctx.t.db, files: ctx.t.files, log: ctx.t.app.log, clock: () => ctx.t.clock.now };

    await scheduleIncompleteSessionsAtStart(jobDeps);
    await runJobsUntilIdle(jobDeps, JOB_HANDLERS);
    const [early] = await ctx.t.db
      .select()
      .from(remoteSessions)
      .where(eq(remoteSessions.participantId, left.participant_id));
    expect(early?.endedAt).toBeNull(); // not expired yet: the participant may still come back

    await advanceClock(3 * 60 * 60 * 1000 + 60_000);
    await scheduleIncompleteSessionsAtStart(jobDeps);
    await runJobsUntilIdle(jobDeps, JOB_HANDLERS);
    const [closed] = await ctx.t.db
      .select()
      .from(remoteSessions)
      .where(eq(remoteSessions.participantId, left.participant_id));
    expect(closed).toMatchObject({ incomplete: true, endedAt: ctx.t.clock.now });
    expect(closed?.samplingRateHz).toBeCloseTo(1000 / 33, 3);
    const [participant] = await ctx.t.db
      .select()
      .from(participants)
      .where(eq(participants.id, left.participant_id));
    expect(participant?.state).toBe('finished');

    const quality = expectOk<{
      data: { participants: { participant_id: number; webcam: { completed?: boolean } | null }[] };
    }>(await as.superAdmin.get(`/tests/${test.id}/quality`));
    const completedOf = (id: number) =>
      quality.data.participants.find((row) => row.participant_id === id)?.webcam?.completed;
    expect(completedOf(left.participant_id)).toBe(false);
    expect(completedOf(stayed.participant_id)).toBe(true);
    const [kept] = await ctx.t.db
      .select()
      .from(remoteSessions)
      .where(eq(remoteSessions.participantId, stayed.participant_id));
    expect(kept?.incomplete).toBe(false);
    // one run an hour: the next is queued, in the future
    const queued = await ctx.t.db.select().from(jobs).where(eq(jobs.kind, CLOSE_INCOMPLETE_SESSIONS));
    expect(
      queued
        .filter((job) => job.state === 'queued')
        .map((job) => job.runAfter.getTime() > ctx.t.clock.now.getTime()),
    ).toEqual([true]);
  });
});
