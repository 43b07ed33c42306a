import { type Erasure, erasureSchema } from '@limbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { dumpEverything, findPerson } from '../../../test/erasure-dump.js';
import { buildParticipant, buildTest, giveVideo, RESULTS_READY } from '../../../test/factories.js';
import {
  auditLog,
  insightSignificantPoints,
  insights,
  jobs,
  significantPoints,
  tags,
  testMetrics,
} from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { enqueueJob, runJobsUntilIdle } from '../../jobs/job-runner.js';
import { recomputeTestMetrics } from '../ingestion/analysis.js';
import { giveVoiceTake } from '../voice/voice.route-cases.js';
import { subjectHash } from './erasures.service.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const jobDeps = (files: FileStore = ctx.t.files) => ({
  db: ctx.t.db,
  files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});
const runJobs = (files?: FileStore) => runJobsUntilIdle(jobDeps(files), JOB_HANDLERS);

const receipt = (body: unknown): Erasure => erasureSchema.parse((body as { data: unknown }).data);
const eraseUrl = (testId: number, participantId: number) =>
  `/tests/${testId}/participants/${participantId}/erasure`;

/**
 * A done test of the client with two participants whose joy points carry the tag 'Tagged', an
 * insight citing a point of each, the person's video, an upload part, an ingestion batch, spoken
 * audio (a joined take and a chunk) and a queued job that names them, and the test's metrics computed.
 */
async function studyWithPerson() {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
  const point = (second: number) => ({
    emotion: 'joy' as const,
    timestampTop: Date.UTC(2026, 0, 12, 9, 30, second),
    comment: 'I could not find the size chart',
    tags: ['Tagged'],
  });
  const person = await buildParticipant(ctx.t, test.id, { significantPoints: [point(3), point(6)] });
  const other = await buildParticipant(ctx.t, test.id, { significantPoints: [point(4)] });
  const video = await giveVideo(ctx.t, { participantId: person.id });
  await ctx.t.files.put(`uploads/${person.id}.part`, Buffer.from('part'));
  await ctx.t.files.put(`ingest/${person.id}/eyes/0.lmbs`, Buffer.from('batch'));
  await giveVoiceTake(ctx.t, person.id);
  await ctx.t.files.put(`voices/${person.id}/2/0.chunk`, Buffer.from('a chunk not joined yet'));
  await enqueueJob(ctx.t.db, 'make_screen_recording', { participant_id: person.id }, new Date('2100-01-01'));
  const points = await ctx.t.db.select().from(significantPoints);
  const personPoint = points.find((row) => row.participantId === person.id);
  const otherPoint = points.find((row) => row.participantId === other.id);
  if (!personPoint || !otherPoint) throw new Error('no points');
  const [insight] = await ctx.t.db
    .insert(insights)
    .values({ testId: test.id, assignedId: 1, title: 'Size chart', highlightId: personPoint.id })
    .returning();
  if (!insight) throw new Error('no insight');
  await ctx.t.db.insert(insightSignificantPoints).values([
    { insightId: insight.id, significantPointId: personPoint.id },
    { insightId: insight.id, significantPointId: otherPoint.id },
  ]);
  await recomputeTestMetrics(jobDeps(), { test_id: test.id });
  return { test, person, other, video, insight };
}

async function tagParticipants(testId: number): Promise<number | undefined> {
  const [row] = await ctx.t.db
    .select()
    .from(testMetrics)
    .where(and(eq(testMetrics.testId, testId), eq(testMetrics.kind, 'tags')));
  const tags = row?.payload as { byEmotion: { joy: { participants: number } } }[] | undefined;
  return tags?.[0]?.byEmotion.joy.participants;
}

describe('erasing a participant', () => {
  it('removes every row and file of the person, recomputes what was derived, and verifies it', async () => {
    const { test, person, other, video, insight } = await studyWithPerson();
    const identity = {
      participantId: person.id,
      realId: person.input.realId,
      keys: [video, `voices/${person.id}/take-1.webm`],
    };
    expect(findPerson(await dumpEverything(ctx.t.db, ctx.t.files), identity).length).toBeGreaterThan(5);
    expect(await tagParticipants(test.id)).toBe(2);

    const started = receipt(expectOk(await as.staff.post(eraseUrl(test.id, person.id)), 202));
    expect(started).toMatchObject({ state: 'erasing', participant_id: person.id, is_verified: false });
    expect(started.erased_by?.label).toBe(ctx.world.staff.email);
    await runJobs();

    const done = receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${started.id}`)));
    expect(done).toMatchObject({ state: 'verified', is_verified: true, pending_files: 0 });
    expect(done.removed).toMatchObject({
      participant: 1,
      streams: 3,
      significant_points: 2,
      jobs: 1,
      insight_citations: 2,
      insights_marked: 1,
      files: 8,
      recomputed_metrics: 1,
    });
    expect(done.verification?.found).toEqual([]);
    expect(done.verification?.columns_searched).toBeGreaterThan(50);
    expect(done.verification?.files_searched).toBeGreaterThan(0);
    expect(done.finished_at).not.toBeNull();
    // No personal data on the receipt: the salted hash matches only for who knows the real_id.
    expect(JSON.stringify(done)).not.toContain(person.input.realId);
    expect(done.subject_hash).toBe(subjectHash(done.subject_salt, person.input.realId));

    // Nothing of the person is left anywhere: every table, every file.
    expect(findPerson(await dumpEverything(ctx.t.db, ctx.t.files), identity)).toEqual([]);
    // The other participant and their files stay.
    expect(
      findPerson(await dumpEverything(ctx.t.db, ctx.t.files), {
        participantId: other.id,
        realId: other.input.realId,
        keys: [],
      }).length,
    ).toBeGreaterThan(0);
    expectOk(await as.staff.get(`/tests/${test.id}/participants/${other.id}`));
    expectError(await as.staff.get(`/tests/${test.id}/participants/${person.id}`), 'not_found');

    // Derived results, recomputed without them.
    expect(await tagParticipants(test.id)).toBe(1);
    // The insight stays, its evidence withdrawn: the person's citation and highlight are gone.
    const [kept] = await ctx.t.db.select().from(insights).where(eq(insights.id, insight.id));
    expect(kept?.evidenceWithdrawnAt).toBeInstanceOf(Date);
    expect(kept?.highlightId).toBeNull();
    const links = await ctx.t.db
      .select()
      .from(insightSignificantPoints)
      .where(eq(insightSignificantPoints.insightId, insight.id));
    expect(links).toHaveLength(1);

    // The audit trail: the erasure, by the pseudonym only.
    const [entry] = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'participant_erased'), eq(auditLog.subject, done.subject)));
    expect(entry).toMatchObject({ actorId: ctx.world.staff.id, testId: test.id });
    expect(entry?.detail).toMatchObject({ erasure_id: done.id, verified: true });
  });

  it('answers a second erasure of the same person with the first receipt', async () => {
    const { test, person } = await studyWithPerson();
    const first = receipt(expectOk(await as.staff.post(eraseUrl(test.id, person.id)), 202));
    await runJobs();
    const again = receipt(expectOk(await as.superAdmin.post(eraseUrl(test.id, person.id)), 202));
    expect(again).toMatchObject({ id: first.id, state: 'verified' });
    const list = expectOk<{ data: unknown[] }>(await as.staff.get(`/tests/${test.id}/erasures`)).data;
    expect(list).toHaveLength(1);
    expect(
      await ctx.t.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload} ->> 'erasure_id' = ${String(first.id)}`),
    ).toHaveLength(1);
  });

  it('answers 404 for an unknown participant, one of another test and a test the caller does not see', async () => {
    const { test } = await studyWithPerson();
    const elsewhere = await buildTest(ctx.t.db, ctx.world.other.id, RESULTS_READY);
    const stranger = await buildParticipant(ctx.t, elsewhere.id);
    expectError(await as.staff.post(eraseUrl(test.id, 999_999)), 'not_found');
    // A video test's aggregate is made from the viewers: no person to erase.
    const aggregate = await buildParticipant(ctx.t, test.id, { type: 'video_heatmap' });
    expectError(await as.staff.post(eraseUrl(test.id, aggregate.id)), 'not_found');
    expectError(await as.staff.post(eraseUrl(test.id, stranger.id)), 'not_found');
    expectError(await as.staff.post(eraseUrl(999_999, stranger.id)), 'not_found');
    expectError(await as.clientAdmin.post(eraseUrl(elsewhere.id, stranger.id)), 'not_found');
    expectError(await as.clientAdmin.get(`/tests/${elsewhere.id}/erasures`), 'not_found');
    expectError(await as.staff.get(`/tests/${test.id}/erasures/999999`), 'not_found');
    // Nothing was erased or requested.
    expectOk(await as.staff.get(`/tests/${elsewhere.id}/participants/${stranger.id}`));
    expect(expectOk<{ data: unknown[] }>(await as.staff.get(`/tests/${elsewhere.id}/erasures`)).data).toEqual(
      [],
    );
  });

  it("lets a company admin only request an erasure of their own test's participant, which a researcher carries out", async () => {
    const { test, person } = await studyWithPerson();
    expectError(await as.clientMember.post(eraseUrl(test.id, person.id)), 'forbidden');
    const requested = receipt(expectOk(await as.clientAdmin.post(eraseUrl(test.id, person.id)), 202));
    expect(requested).toMatchObject({ state: 'requested', erased_by: null, started_at: null });
    expect(requested.requested_by?.id).toBe(ctx.world.clientAdmin.id);
    await runJobs();
    // A request erases nothing by itself.
    expectOk(await as.staff.get(`/tests/${test.id}/participants/${person.id}`));
    const [entry] = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'erasure_requested'), eq(auditLog.subject, requested.subject)));
    expect(entry).toMatchObject({ actorId: ctx.world.clientAdmin.id, companyId: ctx.world.client.id });
    // Asking again answers the same request.
    expect(receipt(expectOk(await as.clientAdmin.post(eraseUrl(test.id, person.id)), 202)).id).toBe(
      requested.id,
    );

    const started = receipt(expectOk(await as.staff.post(eraseUrl(test.id, person.id)), 202));
    expect(started).toMatchObject({ id: requested.id, state: 'erasing' });
    await runJobs();
    const done = receipt(expectOk(await as.clientAdmin.get(`/tests/${test.id}/erasures/${requested.id}`)));
    expect(done).toMatchObject({ state: 'verified', is_verified: true });
    expect(done.requested_by?.id).toBe(ctx.world.clientAdmin.id);
    expect(done.erased_by?.id).toBe(ctx.world.staff.id);
  });

  it('verifies a requested erasure whose participant was removed before a researcher carried it out', async () => {
    const { test, person } = await studyWithPerson();
    const requested = receipt(expectOk(await as.clientAdmin.post(eraseUrl(test.id, person.id)), 202));
    expect(await as.staff.delete(`/tests/${test.id}/participants/${person.id}`)).toHaveProperty(
      'statusCode',
      204,
    );
    receipt(expectOk(await as.staff.post(eraseUrl(test.id, person.id)), 202));
    await runJobs();
    const done = receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${requested.id}`)));
    expect(done.verification?.found).toEqual([]);
    expect(done).toMatchObject({ state: 'verified', is_verified: true });
    expect(done.removed.participant).toBeUndefined();
  });

  it("ends 'failed', naming where, when the search still finds one of the person's identifiers", async () => {
    const { test, person } = await studyWithPerson();
    // A researcher once named a tag after the participant's recorder id: erasure does not touch tags.
    await ctx.t.db.insert(tags).values({ testId: test.id, name: person.input.realId });
    const started = receipt(expectOk(await as.staff.post(eraseUrl(test.id, person.id)), 202));
    await runJobs();
    const done = receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${started.id}`)));
    expect(done).toMatchObject({ state: 'failed', is_verified: false });
    // The tag, and the tag metrics that carry its name.
    expect(done.verification?.found).toEqual([
      { where: 'tags.name', count: 1 },
      { where: 'test_metrics.payload', count: 1 },
    ]);
  });

  it("keeps an erasure 'pending' while a file cannot be deleted, and retries it until it is gone", async () => {
    const { test, person, video } = await studyWithPerson();
    let failures = 0;
    const flaky: FileStore = {
      ...ctx.t.files,
      delete: async (key) => {
        if (key === video) {
          failures += 1;
          throw new Error('S3 is down');
        }
        return ctx.t.files.delete(key);
      },
    };
    const started = receipt(expectOk(await as.staff.post(eraseUrl(test.id, person.id)), 202));
    await runJobs(flaky);
    const pending = receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${started.id}`)));
    expect(pending).toMatchObject({ state: 'pending', pending_files: 1, is_verified: false });
    expect(failures).toBe(1);
    expect(await ctx.t.files.size(video)).not.toBeNull();

    // The retry is a durable job due later; while the store still fails it stays pending.
    ctx.t.clock.advance(31_000);
    await runJobs(flaky);
    expect(failures).toBe(2);
    expect(receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${started.id}`))).state).toBe(
      'pending',
    );

    ctx.t.clock.advance(61_000);
    await runJobs();
    const done = receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${started.id}`)));
    expect(done).toMatchObject({ state: 'verified', is_verified: true, pending_files: 0 });
    expect(await ctx.t.files.size(video)).toBeNull();
    expect(
      findPerson(await dumpEverything(ctx.t.db, ctx.t.files), {
        participantId: person.id,
        realId: person.input.realId,
        keys: [video],
      }),
    ).toEqual([]);
  });
});
