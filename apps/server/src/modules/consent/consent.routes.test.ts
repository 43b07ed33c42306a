import { participantConsentAnswer } from '@limbus/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { buildRecorder, fakeMp4 } from '../../../test/recorder.js';
import { syntheticRecording } from '../../../test/synthetic-streams.js';
import { auditLog, consentRecords, ingestBatches, participants } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const now = () => Math.floor(ctx.t.clock.now.getTime() / 1000);
const TERMS = {
  text: 'We record your emotions, gaze, mouse and screen while you shop, for the report and for norms.',
  streams: ['emotions', 'eyes', 'mice', 'screen'],
  purposes: ['report', 'norms', 'ai'],
};

async function testWithTerms(terms: object = TERMS) {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
  expectOk(await as.staff.post(`/tests/${test.id}/consent-terms`, { terms }), 201);
  return test.id;
}

const consentOf = async (testId: number, pid: number) =>
  participantConsentAnswer.parse(expectOk(await as.staff.get(`/tests/${testId}/participants/${pid}/consent`)))
    .data;

const consentAudits = async (testId: number) =>
  ctx.t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.testId, testId), eq(auditLog.action, 'consent_changed')))
    .orderBy(auditLog.seq);

describe('consent terms', () => {
  it('numbers each new text as a new version, keeps the earlier ones, and lists them newest first', async () => {
    const testId = await testWithTerms();
    const second = expectOk<{ data: { version: number; created_by: string } }>(
      await as.staff.post(`/tests/${testId}/consent-terms`, {
        terms: {
          ...TERMS,
          text: 'Version two: AI processing is no longer asked.',
          purposes: ['report', 'norms'],
        },
      }),
      201,
    ).data;
    expect(second.version).toBe(2);
    expect(second.created_by).toBe(ctx.world.staff.email);
    // The company's own users read the terms of their test; nobody else's.
    const list = expectOk<{ data: { version: number; text: string; purposes: string[] }[] }>(
      await as.clientMember.get(`/tests/${testId}/consent-terms`),
    ).data;
    expect(list.map((terms) => terms.version)).toEqual([2, 1]);
    expect(list[1]?.text).toBe(TERMS.text);
    expect(list[1]?.purposes).toEqual(['report', 'norms', 'ai']);
    expectError(await as.otherAdmin.get(`/tests/${testId}/consent-terms`), 'not_found');
  });

  it('is written by the research area only, and needs a text, a stream and a purpose', async () => {
    const testId = await testWithTerms();
    expectError(await as.clientAdmin.post(`/tests/${testId}/consent-terms`, { terms: TERMS }), 'forbidden');
    expectError(
      await as.staff.post(`/tests/${testId}/consent-terms`, { terms: { ...TERMS, streams: [] } }),
      'validation',
      { streams: 'Choose at least one stream' },
    );
    expectError(
      await as.staff.post(`/tests/${testId}/consent-terms`, { terms: { ...TERMS, purposes: ['marketing'] } }),
      'validation',
    );
    expectError(await as.staff.post('/tests/999999/consent-terms', { terms: TERMS }), 'not_found');
  });
});

describe("a participant's consent", () => {
  it('records a paper consent, in force at once, with its history and an audit entry', async () => {
    const testId = await testWithTerms();
    const { id: pid } = await buildParticipant(ctx.t, testId);
    const before = await consentOf(testId, pid);
    expect(before).toEqual({ current: null, history: [], has_terms: true });
    const givenAt = now() - 86_400;
    const answer = participantConsentAnswer.parse(
      expectOk(
        await as.staff.post(`/tests/${testId}/participants/${pid}/consent`, {
          consent: { version: 1, streams: ['eyes', 'emotions'], purposes: ['report'], given_at: givenAt },
        }),
        201,
      ),
    ).data;
    expect(answer.current).toMatchObject({
      version: 1,
      streams: ['emotions', 'eyes'],
      purposes: ['report'],
      given_at: givenAt,
      method: 'paper',
      recorded_by: ctx.world.staff.email,
    });
    // The client reads it too (its own test), not another company.
    expect((await consentOf(testId, pid)).history).toHaveLength(1);
    expectOk(await as.clientMember.get(`/tests/${testId}/participants/${pid}/consent`));
    expectError(await as.otherAdmin.get(`/tests/${testId}/participants/${pid}/consent`), 'not_found');
    const [row] = await ctx.t.db.select().from(participants).where(eq(participants.id, pid));
    const [entry] = await consentAudits(testId);
    expect(entry).toMatchObject({
      action: 'consent_changed',
      subject: row?.auditSubject,
      actorId: ctx.world.staff.id,
      companyId: ctx.world.client.id,
      detail: { method: 'paper', version: 1, streams: 'emotions,eyes', purposes: 'report' },
    });
  });

  it('refuses a paper consent under an unknown version, beyond the terms or in the future, and changes nothing', async () => {
    const testId = await testWithTerms({ ...TERMS, streams: ['eyes'], purposes: ['report'] });
    const { id: pid } = await buildParticipant(ctx.t, testId);
    const url = `/tests/${testId}/participants/${pid}/consent`;
    const grant = { version: 1, streams: ['eyes'], purposes: ['report'], given_at: now() - 60 };
    expectError(await as.staff.post(url, { consent: { ...grant, version: 4 } }), 'validation', {
      version: 'The test has no consent terms version 4',
    });
    expectError(
      await as.staff.post(url, { consent: { ...grant, streams: ['eyes', 'voice'] } }),
      'validation',
      {
        streams: 'Consent version 1 does not cover Voice and spoken feedback',
      },
    );
    expectError(await as.staff.post(url, { consent: { ...grant, purposes: ['ai'] } }), 'validation');
    expectError(await as.staff.post(url, { consent: { ...grant, given_at: now() + 86_400 } }), 'validation', {
      given_at: 'A consent cannot be given in the future',
    });
    expectError(await as.clientAdmin.post(url, { consent: grant }), 'forbidden');
    expectError(
      await as.staff.post(`/tests/${testId}/participants/999999/consent`, { consent: grant }),
      'not_found',
    );
    expect((await consentOf(testId, pid)).history).toEqual([]);
    expect(await consentAudits(testId)).toEqual([]);
  });

  it('withdraws a stream and a purpose at once, keeps the history and audits it', async () => {
    const testId = await testWithTerms();
    const { id: pid } = await buildParticipant(ctx.t, testId);
    const url = `/tests/${testId}/participants/${pid}/consent`;
    expectError(await as.staff.post(`${url}/withdrawal`, { purposes: ['ai'] }), 'conflict');
    expectOk(
      await as.staff.post(url, {
        consent: { version: 1, streams: TERMS.streams, purposes: TERMS.purposes, given_at: now() - 600 },
      }),
      201,
    );
    const after = participantConsentAnswer.parse(
      expectOk(await as.staff.post(`${url}/withdrawal`, { streams: ['eyes'], purposes: ['ai'] }), 201),
    ).data;
    expect(after.current).toMatchObject({
      version: 1,
      method: 'withdrawal',
      streams: ['emotions', 'mice', 'screen'],
      purposes: ['report', 'norms'],
      given_at: now(),
    });
    expect(after.history.map((record) => record.method)).toEqual(['withdrawal', 'paper']);
    expectError(await as.staff.post(`${url}/withdrawal`, { purposes: ['ai'] }), 'conflict');
    expectError(await as.staff.post(`${url}/withdrawal`, {}), 'validation');
    expectError(await as.clientAdmin.post(`${url}/withdrawal`, { purposes: ['norms'] }), 'forbidden');
    const entries = await consentAudits(testId);
    expect(entries.map((entry) => entry.detail.method)).toEqual(['paper', 'withdrawal']);
    expect(entries[1]?.detail).toMatchObject({ withdrawn_streams: 'eyes', withdrawn_purposes: 'ai' });
  });
});

describe('ingestion and consent', () => {
  const recording = syntheticRecording({ startMs: Date.UTC(2026, 0, 12, 9), durationMs: 4000 });
  let recorder: Awaited<ReturnType<typeof buildRecorder>>['api'];
  let realIds = 0;
  beforeAll(async () => {
    recorder = (await buildRecorder(ctx.t, 'Consent lab')).api;
  });
  const create = async (testId: number, consent?: object) => {
    const response = await recorder.post('/ingest/participants', {
      test_id: testId,
      real_id: `consent-${++realIds}`,
      ...(consent ? { consent } : {}),
    });
    return { response, realId: `consent-${realIds}` };
  };
  const batchesOf = (pid: number) =>
    ctx.t.db.select().from(ingestBatches).where(eq(ingestBatches.participantId, pid));

  it("records the recorder's consent once (a retry adds nothing) and audits it", async () => {
    const testId = await testWithTerms();
    const consent = { version: 1, streams: ['emotions', 'mice'], purposes: ['report'], given_at: now() - 30 };
    const { response, realId } = await create(testId, consent);
    const pid = expectOk<{ id: number }>(response, 201).id;
    const retry = await recorder.post('/ingest/participants', { test_id: testId, real_id: realId, consent });
    expect(expectOk<{ id: number }>(retry).id).toBe(pid);
    const { history } = await consentOf(testId, pid);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      method: 'recorder',
      recorded_by: null,
      streams: ['emotions', 'mice'],
    });
    const entries = await consentAudits(testId);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actorLabel).toBe('Lab recorder "Consent lab"');
    // A withdrawal, then the recorder's retry: the withdrawal stays in force.
    expectOk(
      await as.staff.post(`/tests/${testId}/participants/${pid}/consent/withdrawal`, { streams: ['mice'] }),
      201,
    );
    expectOk(await recorder.post('/ingest/participants', { test_id: testId, real_id: realId, consent }));
    const after = await consentOf(testId, pid);
    expect(after.history.map((record) => record.method)).toEqual(['withdrawal', 'recorder']);
    expect(after.current?.streams).toEqual(['emotions']);
  });

  it('refuses a stream the participant did not consent to, naming it and the version, and stores nothing of it', async () => {
    const testId = await testWithTerms();
    const { response, realId } = await create(testId, {
      version: 1,
      streams: ['emotions', 'mice'],
      purposes: ['report'],
      given_at: now() - 30,
    });
    const pid = expectOk<{ id: number }>(response, 201).id;
    const refused = await recorder.putBinary(pid, 0, recording.eyes);
    expectError(refused, 'forbidden');
    expect(refused.json().message).toBe(
      `Participant ${realId} did not consent to gaze (eyes) under consent version 1: nothing of it is stored`,
    );
    expect(await batchesOf(pid)).toEqual([]);
    expect(await ctx.t.files.get(`ingest/${pid}/eyes/0.lmbs`)).toBeFalsy();
    // The screen recording likewise; the granted streams are taken.
    expectError(await recorder.post(`/ingest/participants/${pid}/video`, { size: 1024 }), 'forbidden');
    expectOk(await recorder.putBinary(pid, 0, recording.emotions));
    expect((await batchesOf(pid)).map((batch) => batch.kind)).toEqual(['emotions']);
  });

  it('refuses the data of a participant without consent on a test with terms, and takes it on a legacy test', async () => {
    const testId = await testWithTerms();
    const { response, realId } = await create(testId);
    const pid = expectOk<{ id: number }>(response, 201).id;
    const refused = await recorder.putBinary(pid, 0, recording.emotions);
    expectError(refused, 'forbidden');
    expect(refused.json().message).toMatch(new RegExp(`^Participant ${realId} has no consent record`));
    expect(await batchesOf(pid)).toEqual([]);
    // A researcher enters the paper consent: the recorder's streams are taken from then on.
    expectOk(
      await as.staff.post(`/tests/${testId}/participants/${pid}/consent`, {
        consent: { version: 1, streams: ['emotions'], purposes: ['report'], given_at: now() - 10 },
      }),
      201,
    );
    expectOk(await recorder.putBinary(pid, 0, recording.emotions));

    const legacy = await buildTest(ctx.t.db, ctx.world.client.id);
    const legacyPid = expectOk<{ id: number }>((await create(legacy.id)).response, 201).id;
    expectOk(await recorder.putBinary(legacyPid, 0, recording.eyes));
    expect((await consentOf(legacy.id, legacyPid)).has_terms).toBe(false);
  });

  it('refuses a consent the terms do not cover, and creates the participant without one', async () => {
    const testId = await testWithTerms({ ...TERMS, streams: ['eyes'] });
    const { response } = await create(testId, {
      version: 1,
      streams: ['eyes', 'voice'],
      purposes: ['report'],
      given_at: now(),
    });
    expectError(response, 'validation', {
      streams: 'Consent version 1 does not cover Voice and spoken feedback',
    });
    const rows = await ctx.t.db
      .select()
      .from(consentRecords)
      .innerJoin(participants, eq(participants.id, consentRecords.participantId))
      .where(eq(participants.testId, testId));
    expect(rows).toEqual([]);
  });

  it('drops at finish the batches of a stream withdrawn after they came', async () => {
    const testId = await testWithTerms();
    const { response } = await create(testId, {
      version: 1,
      streams: TERMS.streams,
      purposes: TERMS.purposes,
      given_at: now() - 30,
    });
    const pid = expectOk<{ id: number }>(response, 201).id;
    expectOk(await recorder.putBinary(pid, 0, recording.emotions));
    expectOk(await recorder.putBinary(pid, 0, recording.eyes));
    expectOk(
      await as.staff.post(`/tests/${testId}/participants/${pid}/consent/withdrawal`, { streams: ['eyes'] }),
      201,
    );
    const finished = expectOk<{ streams: Record<string, number> }>(
      await recorder.post(`/ingest/participants/${pid}/finish`, {}),
    );
    expect(Object.keys(finished.streams)).toEqual(['emotions']);
    expect(await batchesOf(pid)).toEqual([]);
    const video = await recorder.post(`/ingest/participants/${pid}/video`, { size: fakeMp4(1024).length });
    expectOk(video);
  });
});
