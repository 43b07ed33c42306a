import {
  auditListAnswer,
  CONSENT_MESSAGES,
  createdRemoteCohortAnswer,
  endedRemoteSessionAnswer,
  joinedRemoteStudyAnswer,
  participantConsentAnswer,
  participantListAnswer,
  REMOTE_MESSAGES,
  remoteCohortListAnswer,
  remoteStudyAnswer,
} from '@limbus/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { dumpEverything, findPerson } from '../../../test/erasure-dump.js';
import { buildTest } from '../../../test/factories.js';
import { hashOpaqueToken } from '../../auth/opaque-tokens.js';
import { participants, remoteCohorts, remoteSessions } from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { remoteReadyTest } from './remote-studies.route-cases.js';

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
async function studyWithLink(cohort: Record<string, unknown> = {}) {
  const test = await remoteReadyTest(ctx.t, ctx.world.client.id);
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

  it('the session opens only its end (its batches refuse an empty body), and no other route of the app', async () => {
    const { link } = await studyWithLink();
    const { session_token } = await join(link);
    expect(await routesOpenTo(`Session ${session_token}`)).toEqual(['POST /api/v1/remote/session/end']);
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
      'test',
    ]);
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
    expect(JSON.stringify([...dump.rows])).not.toContain('PANEL-ERASE-7');
    // the session's credential went with it
    expectError(await session('POST', '/remote/session/end', {}), 'unauthenticated');
  });
});
