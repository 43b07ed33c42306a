import { type Erasure, erasureSchema, REEL_MESSAGES } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk, signInWorld, useWorld } from '../../../test/api.js';
import {
  buildParticipant,
  buildPublishedReel,
  buildTest,
  giveVideo,
  pointIdsOf,
  RESULTS_READY,
} from '../../../test/factories.js';
import { evidenceReels } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const runJobs = (files: FileStore = ctx.t.files) =>
  runJobsUntilIdle({ db: ctx.t.db, files, log: ctx.t.app.log, clock: () => ctx.t.clock.now }, JOB_HANDLERS);
const receipt = (body: unknown): Erasure => erasureSchema.parse((body as { data: unknown }).data);
const reelRow = async (id: number) =>
  (await ctx.t.db.select().from(evidenceReels).where(eq(evidenceReels.id, id)))[0];
const point = (second: number) => ({
  emotion: 'frustration' as const,
  timestampTop: Date.UTC(2026, 0, 12, 9, 30, second),
  comment: 'Sighs at the discount field',
  tags: [],
});

/**
 * A done test with the person and another participant, each with a recorded point, and three
 * published reels: one showing both, one showing the person only, one showing the other only.
 */
async function reelsWithPerson() {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
  const person = await buildParticipant(ctx.t, test.id, { significantPoints: [point(4)] });
  const other = await buildParticipant(ctx.t, test.id, { significantPoints: [point(5)] });
  await giveVideo(ctx.t, { participantId: person.id });
  await giveVideo(ctx.t, { participantId: other.id });
  const [personPoint] = await pointIdsOf(ctx.t.db, person.id);
  const [otherPoint] = await pointIdsOf(ctx.t.db, other.id);
  if (!personPoint || !otherPoint) throw new Error('no points');
  const both = await buildPublishedReel(ctx.t, test.id, [personPoint, otherPoint]);
  const personOnly = await buildPublishedReel(ctx.t, test.id, [personPoint]);
  const otherOnly = await buildPublishedReel(ctx.t, test.id, [otherPoint]);
  return { test, person, otherPoint, both, personOnly, otherOnly };
}

describe('erasing a participant shown in evidence reels', () => {
  it('deletes the MP4 of every reel showing them, drops their clips, and counts the reels on the receipt', async () => {
    const { test, person, otherPoint, both, personOnly, otherOnly } = await reelsWithPerson();
    const started = receipt(
      expectOk(await as.staff.post(`/tests/${test.id}/participants/${person.id}/erasure`), 202),
    );
    await runJobs();

    const done = receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${started.id}`)));
    expect(done).toMatchObject({ state: 'verified', is_verified: true, pending_files: 0 });
    expect(done.verification?.found).toEqual([]);
    expect(done.removed).toMatchObject({ reels_changed: 1, reels_deleted: 1 });
    // The person's recording and streams (4) and the two reels' files.
    expect(done.removed.files).toBe(6);

    // The reel that showed both: its file gone, their clip dropped, a draft to render again.
    expect(await ctx.t.files.size(both.fileKey)).toBeNull();
    expect(await reelRow(both.reel.id)).toMatchObject({
      state: 'draft',
      published: true,
      fileKey: null,
      renderedPointIds: [],
      clips: [{ point_id: otherPoint, start_offset_ms: -3000, end_offset_ms: 4000 }],
      message: REEL_MESSAGES.participantErased,
    });
    // The reel that showed only them is gone with its file.
    expect(await reelRow(personOnly.reel.id)).toBeUndefined();
    expect(await ctx.t.files.size(personOnly.fileKey)).toBeNull();
    // Nothing else: the other participant's reel keeps its file and stays as it was.
    expect(await reelRow(otherOnly.reel.id)).toEqual(otherOnly.reel);
    expect(await ctx.t.files.size(otherOnly.fileKey)).not.toBeNull();
    expect((await ctx.t.files.list('reels/')).filter((key) => key.includes(`-${both.insightId}-`))).toEqual(
      [],
    );
  });

  it("keeps the erasure 'pending' while a reel's file cannot be deleted, and deletes it on the retry", async () => {
    const { test, person, both } = await reelsWithPerson();
    const flaky: FileStore = {
      ...ctx.t.files,
      delete: async (key) => {
        if (key === both.fileKey) throw new Error('S3 is down');
        return ctx.t.files.delete(key);
      },
    };
    const started = receipt(
      expectOk(await as.staff.post(`/tests/${test.id}/participants/${person.id}/erasure`), 202),
    );
    await runJobs(flaky);
    const pending = receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${started.id}`)));
    expect(pending).toMatchObject({ state: 'pending', pending_files: 1 });
    expect(await ctx.t.files.size(both.fileKey)).not.toBeNull();
    expect((await reelRow(both.reel.id))?.fileKey).toBeNull();

    ctx.t.clock.advance(31_000);
    await runJobs();
    const done = receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${started.id}`)));
    expect(done).toMatchObject({ state: 'verified', pending_files: 0 });
    expect(done.removed).toMatchObject({ reels_changed: 1, reels_deleted: 1, files: 6 });
    expect(await ctx.t.files.size(both.fileKey)).toBeNull();
  });
});
