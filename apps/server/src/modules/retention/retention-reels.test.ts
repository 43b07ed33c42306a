import { REEL_MESSAGES } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../../../test/api.js';
import {
  buildParticipant,
  buildPublishedReel,
  buildTest,
  giveVideo,
  pointIdsOf,
  RESULTS_READY,
} from '../../../test/factories.js';
import { auditLog, evidenceReels } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { applyRetention } from './retention.service.js';

const ctx = useWorld();
const DAY = 86_400_000;
const jobDeps = (files: FileStore = ctx.t.files) => ({
  db: ctx.t.db,
  files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});
const reelRow = async (id: number) =>
  (await ctx.t.db.select().from(evidenceReels).where(eq(evidenceReels.id, id)))[0];
const point = {
  emotion: 'frustration' as const,
  timestampTop: Date.UTC(2026, 0, 12, 9, 30, 4),
  comment: 'Sighs at the discount field',
  tags: [],
};

/**
 * A participant of a test done `daysAgo` days ago, recorded `recordedDaysAgo` days ago, with a
 * point and a published reel showing it; and a participant of a recent test with one too.
 */
async function reelsOfOldAndRecent(daysAgo: number, recordedDaysAgo: number) {
  const reelOfTest = async (doneDaysAgo: number) => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, {
      ...RESULTS_READY,
      doneAt: new Date(ctx.t.clock.now.getTime() - doneDaysAgo * DAY),
    });
    const startMs = ctx.t.clock.now.getTime() - recordedDaysAgo * DAY;
    const participant = await buildParticipant(ctx.t, test.id, {
      recording: { startMs, durationMs: 10_000 },
      significantPoints: [{ ...point, timestampTop: startMs + 4000 }],
    });
    const video = await giveVideo(ctx.t, { participantId: participant.id });
    return {
      test,
      video,
      ...(await buildPublishedReel(ctx.t, test.id, await pointIdsOf(ctx.t.db, participant.id))),
    };
  };
  return { old: await reelOfTest(daysAgo), recent: await reelOfTest(10) };
}

describe('retention and evidence reels', () => {
  it("deletes the MP4 of reels showing a removed screen recording, and counts them on the test's audit entry", async () => {
    const { old, recent } = await reelsOfOldAndRecent(91, 100);
    const result = await applyRetention(jobDeps());
    expect(result).toMatchObject({ recordings: 1, streams: 0, reels: 1 });

    expect(await ctx.t.files.size(old.video)).toBeNull();
    expect(await ctx.t.files.size(old.fileKey)).toBeNull();
    expect(await reelRow(old.reel.id)).toMatchObject({
      state: 'draft',
      published: true,
      fileKey: null,
      renderedPointIds: [],
      clips: old.reel.clips,
      message: REEL_MESSAGES.recordingRemoved,
    });
    const [entry] = await ctx.t.db.select().from(auditLog).where(eq(auditLog.testId, old.test.id));
    expect(entry?.detail).toMatchObject({ recordings: 1, reels: 1 });

    // The recent test's reel and recording stay as they were.
    expect(await reelRow(recent.reel.id)).toEqual(recent.reel);
    expect(await ctx.t.files.size(recent.fileKey)).not.toBeNull();
    expect(await ctx.t.files.size(recent.video)).not.toBeNull();

    // A second run finds nothing left.
    expect(await applyRetention(jobDeps())).toMatchObject({ recordings: 0, reels: 0, tests: 0 });
  });

  it('deletes the MP4 of reels showing removed streams (their gaze and emotions are drawn in it)', async () => {
    // Recorded 800 days ago (past the 730 of the streams), in a test done recently (recordings kept).
    const { old, recent } = await reelsOfOldAndRecent(10, 800);
    const result = await applyRetention(jobDeps());
    expect(result).toMatchObject({ recordings: 0, reels: 2 });
    expect(result.streams).toBe(6);
    expect(await ctx.t.files.size(old.video)).not.toBeNull();
    for (const { fileKey, reel } of [old, recent]) {
      expect(await ctx.t.files.size(fileKey)).toBeNull();
      expect(await reelRow(reel.id)).toMatchObject({
        state: 'draft',
        fileKey: null,
        message: REEL_MESSAGES.streamsRemoved,
      });
    }
  });

  it("rolls the removal back while a reel's file cannot be deleted, and removes it on the next run", async () => {
    const { old } = await reelsOfOldAndRecent(91, 100);
    const flaky: FileStore = {
      ...ctx.t.files,
      delete: async (key) => {
        if (key === old.fileKey) throw new Error('S3 is down');
        return ctx.t.files.delete(key);
      },
    };
    await expect(applyRetention(jobDeps(flaky))).rejects.toThrow('S3 is down');
    expect(await reelRow(old.reel.id)).toEqual(old.reel);
    expect(await ctx.t.files.size(old.fileKey)).not.toBeNull();

    expect(await applyRetention(jobDeps())).toMatchObject({ recordings: 1, reels: 1 });
    expect(await ctx.t.files.size(old.fileKey)).toBeNull();
    expect((await reelRow(old.reel.id))?.fileKey).toBeNull();
  });
});
