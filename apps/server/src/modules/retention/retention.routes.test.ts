import {
  auditListAnswer,
  participantDetailSchema,
  RETENTION_DEFAULTS,
  retentionPolicySchema,
} from '@limbus/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, giveVideo, RESULTS_READY } from '../../../test/factories.js';
import {
  auditLog,
  ingestBatches,
  jobs,
  participantStreams,
  participants,
  retentionPolicies,
  videoUploads,
} from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { batchFileKey, partFileKey } from '../ingestion/ingestion.service.js';
import {
  APPLY_RETENTION,
  applyRetention,
  scheduleRetention,
  scheduleRetentionAtStart,
} from './retention.service.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const DAY = 86_400_000;
const policyOf = (response: Parameters<typeof expectOk>[0]) =>
  retentionPolicySchema.parse(expectOk<{ data: unknown }>(response).data);
const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});

describe('the retention policy', () => {
  it('answers the defaults for a company without its own, to staff and to its own admins', async () => {
    const url = `/companies/${ctx.world.other.id}/retention`;
    for (const client of [as.superAdmin, as.staff, as.otherAdmin]) {
      expect(policyOf(await client.get(url))).toEqual({
        company_id: ctx.world.other.id,
        ...RETENTION_DEFAULTS,
        is_default: true,
        updated_at: null,
        updated_by: null,
      });
    }
    expectError(await as.clientAdmin.get(url), 'not_found');
    expectError(await as.clientMember.get(`/companies/${ctx.world.client.id}/retention`), 'forbidden');
    expectError(await as.anonymous.get(url), 'unauthenticated');
  });

  it('is set by staff only, audited with the periods before and after', async () => {
    const url = `/companies/${ctx.world.client.id}/retention`;
    const body = { recordings_days: 30, streams_days: 365, derived_days: null };
    expectError(await as.clientAdmin.put(url, body), 'forbidden');
    expect(await ctx.t.db.select().from(retentionPolicies)).toEqual([]);

    const set = policyOf(await as.staff.put(url, body));
    expect(set).toMatchObject({ ...body, is_default: false, updated_by: ctx.world.staff.email });
    expect(policyOf(await as.clientAdmin.get(url))).toEqual(set);

    const entries = auditListAnswer.parse(
      expectOk(await as.staff.get(`/audit?action=retention_changed&company_id=${ctx.world.client.id}`)),
    ).data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: ctx.world.staff.id, label: ctx.world.staff.email },
      company: { id: ctx.world.client.id },
      detail: {
        recordings_days: 30,
        streams_days: 365,
        recordings_days_before: 90,
        streams_days_before: 730,
        was_default: true,
      },
    });
    // Back to the defaults for the job's tests below.
    policyOf(await as.superAdmin.put(url, { recordings_days: 90, streams_days: 730, derived_days: null }));
  });

  it('refuses bad periods and unknown companies, changing nothing', async () => {
    const url = `/companies/${ctx.world.other.id}/retention`;
    for (const body of [
      { recordings_days: 0, streams_days: 730, derived_days: null },
      { recordings_days: 1.5, streams_days: 730, derived_days: null },
      { recordings_days: 90, streams_days: 100_000, derived_days: null },
      { recordings_days: 90, streams_days: 730, derived_days: 10 },
      { recordings_days: 90, streams_days: 730 },
      { recordings_days: 90, streams_days: 730, derived_days: null, extra: 1 },
    ]) {
      expectError(await as.staff.put(url, body), 'validation');
    }
    expectError(
      await as.staff.put('/companies/999999/retention', {
        recordings_days: 9,
        streams_days: 9,
        derived_days: null,
      }),
      'not_found',
    );
    expectError(await as.staff.get('/companies/999999/retention'), 'not_found');
    expect(
      await ctx.t.db
        .select()
        .from(retentionPolicies)
        .where(eq(retentionPolicies.companyId, ctx.world.other.id)),
    ).toEqual([]);
  });
});

describe('the daily retention job', () => {
  /** A done test of the client company, done `daysAgo` days before the clock. */
  async function doneTest(daysAgo: number) {
    return buildTest(ctx.t.db, ctx.world.client.id, {
      ...RESULTS_READY,
      doneAt: new Date(ctx.t.clock.now.getTime() - daysAgo * DAY),
    });
  }
  const rowOf = async (id: number) =>
    (await ctx.t.db.select().from(participants).where(eq(participants.id, id)))[0];
  const streamsOf = async (id: number) =>
    (await ctx.t.db.select().from(participantStreams).where(eq(participantStreams.participantId, id))).map(
      (row) => row.kind,
    );
  const retentionEntries = async () =>
    ctx.t.db.select().from(auditLog).where(eq(auditLog.action, 'retention_applied')).orderBy(auditLog.seq);

  it('removes the recording of a test done 91 days ago, keeps one of 89 days, once however often it runs', async () => {
    const old = await doneTest(91);
    const recent = await doneTest(89);
    const stillRunning = await buildTest(ctx.t.db, ctx.world.client.id, { state: 'in-progress' });
    const recordingStart = ctx.t.clock.now.getTime() - 100 * DAY;
    const [gone, kept, running] = await Promise.all(
      [old, recent, stillRunning].map((test) =>
        buildParticipant(ctx.t, test.id, { recording: { startMs: recordingStart, durationMs: 10_000 } }),
      ),
    );
    if (!gone || !kept || !running) throw new Error('no participants');
    const goneKey = await giveVideo(ctx.t, { participantId: gone.id });
    const keptKey = await giveVideo(ctx.t, { participantId: kept.id });
    const runningKey = await giveVideo(ctx.t, { participantId: running.id });
    const auditBefore = (await retentionEntries()).length;

    expect(await scheduleRetention(jobDeps(), 'run-1', ctx.t.clock.now)).toBe(true);
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);

    expect(await ctx.t.files.get(goneKey)).toBeNull();
    expect((await rowOf(gone.id))?.video).toBeNull();
    expect((await rowOf(gone.id))?.removedData).toEqual({
      screen: { at: ctx.t.clock.now.toISOString(), reason: 'retention' },
    });
    expect(await ctx.t.files.get(keptKey)).not.toBeNull();
    expect((await rowOf(kept.id))?.video).toBe(keptKey);
    expect(await ctx.t.files.get(runningKey)).not.toBeNull();
    // Streams of 100 days are far from 24 months: all kept.
    expect(await streamsOf(gone.id)).toHaveLength(3);

    const entries = (await retentionEntries()).slice(auditBefore);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      companyId: ctx.world.client.id,
      testId: old.id,
      detail: { recordings: 1, streams: 0, participants: 1 },
    });

    // A second run (another runner, a retry) finds nothing left and records nothing.
    expect(await applyRetention(jobDeps())).toEqual({
      recordings: 0,
      voices: 0,
      uploads: 0,
      streams: 0,
      batches: 0,
      reels: 0,
      tests: 0,
    });
    expect(await retentionEntries()).toHaveLength(auditBefore + 1);
    expect(await ctx.t.files.get(keptKey)).not.toBeNull();
  });

  it('says on the participant answers that the recording was removed, and when', async () => {
    const test = await doneTest(120);
    const { id } = await buildParticipant(ctx.t, test.id);
    await giveVideo(ctx.t, { participantId: id });
    await applyRetention(jobDeps());
    const removedAt = Math.floor(ctx.t.clock.now.getTime() / 1000);

    const detail = participantDetailSchema.parse(
      expectOk(await as.clientAdmin.get(`/tests/${test.id}/participants/${id}?fields=video`)),
    );
    expect(detail.video).toBeNull();
    expect(detail.video_pending).toBeUndefined();
    expect(detail.removed).toEqual([{ kind: 'screen', at: removedAt, reason: 'retention' }]);
    const list = expectOk<{ id: number; removed: unknown }[]>(
      await as.clientAdmin.get(`/tests/${test.id}/participants`),
    );
    expect(list.find((row) => row.id === id)?.removed).toEqual(detail.removed);
    // The demo's recordings are made on their first view: a removed one is not made again.
    const woken = (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, 'make_screen_recording'))).filter(
      (job) => job.payload.participant_id === id && job.runAfter.getFullYear() < 9999,
    );
    expect(woken).toEqual([]);
  });

  it('removes streams recorded more than 730 days ago, keeps those of 729, and follows a company policy', async () => {
    const test = await doneTest(10);
    const startOf = (daysAgo: number) => ({
      recording: { startMs: ctx.t.clock.now.getTime() - daysAgo * DAY, durationMs: 10_000 },
    });
    const old = await buildParticipant(ctx.t, test.id, startOf(731));
    const young = await buildParticipant(ctx.t, test.id, startOf(729));
    const oldKeys = (
      await ctx.t.db.select().from(participantStreams).where(eq(participantStreams.participantId, old.id))
    ).map((row) => row.fileKey);
    expect(oldKeys).toHaveLength(3);

    const result = await applyRetention(jobDeps());
    expect(result).toMatchObject({ streams: 3, recordings: 0 });
    expect(await streamsOf(old.id)).toEqual([]);
    for (const key of oldKeys) expect(await ctx.t.files.get(key)).toBeNull();
    expect(Object.keys((await rowOf(old.id))?.removedData ?? {}).sort()).toEqual([
      'emotions',
      'eyes',
      'mice',
    ]);
    expect(await streamsOf(young.id)).toHaveLength(3);
    const detail = participantDetailSchema.parse(
      expectOk(await as.staff.get(`/tests/${test.id}/participants/${old.id}?associations=emotions`)),
    );
    expect(detail.emotions).toEqual([]);
    expect(detail.removed.map((entry) => entry.kind)).toEqual(['emotions', 'eyes', 'mice']);

    // The company's own period: 700 days reaches the 729-day-old streams too.
    policyOf(
      await as.staff.put(`/companies/${ctx.world.client.id}/retention`, {
        recordings_days: 90,
        streams_days: 700,
        derived_days: null,
      }),
    );
    expect(await applyRetention(jobDeps())).toMatchObject({ streams: 3 });
    expect(await streamsOf(young.id)).toEqual([]);
  });

  it('removes the stream batches of a recording never finished once they are older than the streams period', async () => {
    const test = await doneTest(5);
    const [row] = await ctx.t.db
      .insert(participants)
      .values({ testId: test.id, realId: 'abandoned-1', state: 'recording' })
      .returning();
    if (!row) throw new Error('no participant');
    const sent = (daysAgo: number) => new Date(ctx.t.clock.now.getTime() - daysAgo * DAY);
    await ctx.t.db.insert(ingestBatches).values([
      { participantId: row.id, kind: 'eyes', seq: 1, sampleCount: 10, createdAt: sent(731) },
      { participantId: row.id, kind: 'eyes', seq: 2, sampleCount: 10, createdAt: sent(10) },
    ]);
    for (const seq of [1, 2]) await ctx.t.files.put(batchFileKey(row.id, 'eyes', seq), Buffer.from([seq]));

    expect(await applyRetention(jobDeps())).toMatchObject({ batches: 1 });
    expect(await ctx.t.files.get(batchFileKey(row.id, 'eyes', 1))).toBeNull();
    expect(await ctx.t.files.get(batchFileKey(row.id, 'eyes', 2))).not.toBeNull();
    const left = await ctx.t.db.select().from(ingestBatches).where(eq(ingestBatches.participantId, row.id));
    expect(left.map((batch) => batch.seq)).toEqual([2]);
    expect((await rowOf(row.id))?.removedData).toEqual({
      eyes: { at: ctx.t.clock.now.toISOString(), reason: 'retention' },
    });
  });

  it('removes the part file of a screen recording upload never finished once it is older than the recordings period', async () => {
    const test = await doneTest(5);
    const recordingOf = async (realId: string, startedDaysAgo: number) => {
      const [row] = await ctx.t.db
        .insert(participants)
        .values({ testId: test.id, realId, state: 'recording' })
        .returning();
      if (!row) throw new Error('no participant');
      const startedAt = new Date(ctx.t.clock.now.getTime() - startedDaysAgo * DAY);
      await ctx.t.db
        .insert(videoUploads)
        .values({ participantId: row.id, size: 1_000, createdAt: startedAt });
      await ctx.t.files.put(partFileKey(row.id), Buffer.from('the first bytes of a screen recording'));
      return row.id;
    };
    const abandoned = await recordingOf('abandoned-upload', 91);
    const recent = await recordingOf('recent-upload', 10);

    expect(await applyRetention(jobDeps())).toMatchObject({ uploads: 1, tests: 1 });
    expect(await ctx.t.files.get(partFileKey(abandoned))).toBeNull();
    expect(
      await ctx.t.db.select().from(videoUploads).where(eq(videoUploads.participantId, abandoned)),
    ).toEqual([]);
    expect((await rowOf(abandoned))?.removedData).toEqual({
      screen: { at: ctx.t.clock.now.toISOString(), reason: 'retention' },
    });
    expect(await ctx.t.files.get(partFileKey(recent))).not.toBeNull();
    const [entry] = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.testId, test.id), eq(auditLog.action, 'retention_applied')));
    expect(entry?.detail).toMatchObject({ unfinished_video_uploads: 1 });
    // a second run finds nothing left
    expect(await applyRetention(jobDeps())).toMatchObject({ uploads: 0 });
  });

  it('queues one run a day whoever asks, and each run queues the next day', async () => {
    const runsOf = async () =>
      (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, APPLY_RETENTION))).map((job) => ({
        day: job.payload.day,
        state: job.state,
      }));
    const today = ctx.t.clock.now.toISOString().slice(0, 10);
    await Promise.all([scheduleRetentionAtStart(jobDeps()), scheduleRetentionAtStart(jobDeps())]);
    expect((await runsOf()).filter((run) => run.day === today)).toHaveLength(1);
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
    await scheduleRetentionAtStart(jobDeps());
    const runs = await runsOf();
    expect(runs.filter((run) => run.day === today)).toEqual([{ day: today, state: 'done' }]);
    const tomorrow = new Date(ctx.t.clock.now.getTime() + DAY).toISOString().slice(0, 10);
    expect(runs.filter((run) => run.day === tomorrow)).toEqual([{ day: tomorrow, state: 'queued' }]);
  });

  it('removes each item once when two runners meet it (a lease taken over), counting it once', async () => {
    const tests = await Promise.all([doneTest(100), doneTest(101), doneTest(102)]);
    const ids: number[] = [];
    for (const test of tests) {
      for (let i = 0; i < 3; i++) {
        const { id } = await buildParticipant(ctx.t, test.id);
        await giveVideo(ctx.t, { participantId: id });
        ids.push(id);
      }
    }
    const [first, second] = await Promise.all([applyRetention(jobDeps()), applyRetention(jobDeps())]);
    expect((first?.recordings ?? 0) + (second?.recordings ?? 0)).toBe(9);
    for (const id of ids) expect((await rowOf(id))?.video).toBeNull();
  });

  it('keeps a recording whose file cannot be deleted, and removes it on the next run', async () => {
    const test = await doneTest(95);
    const { id } = await buildParticipant(ctx.t, test.id);
    const key = await giveVideo(ctx.t, { participantId: id });
    const failing = {
      ...jobDeps(),
      files: { ...ctx.t.files, delete: async () => Promise.reject(new Error('S3 is down')) },
    };
    await expect(applyRetention(failing)).rejects.toThrow('S3 is down');
    expect((await rowOf(id))?.video).toBe(key);
    expect((await rowOf(id))?.removedData).toEqual({});
    await applyRetention(jobDeps());
    expect((await rowOf(id))?.video).toBeNull();
    expect(await ctx.t.files.get(key)).toBeNull();
  });
});
