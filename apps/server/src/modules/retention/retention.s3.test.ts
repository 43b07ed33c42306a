import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, giveVideo, RESULTS_READY } from '../../../test/factories.js';
import { type S3TestServer, startS3TestServer } from '../../../test/s3-test-server.js';
import { participantStreams, participants } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { createS3FileStore } from '../../files/s3-file-store.js';
import { applyRetention } from './retention.service.js';

const DAY = 86_400_000;
const ctx = useWorld();
let server: S3TestServer;
let files: FileStore;
beforeAll(async () => {
  server = await startS3TestServer('limbus-retention');
  files = createS3FileStore(server.settings);
});
afterAll(async () => {
  await server?.close();
});

describe('retention on an S3 file store', () => {
  it('deletes the due recording and streams from the bucket, and keeps what is not due', async () => {
    const t = { db: ctx.t.db, files };
    const now = ctx.t.clock.now.getTime();
    const old = await buildTest(ctx.t.db, ctx.world.client.id, {
      ...RESULTS_READY,
      doneAt: new Date(now - 91 * DAY),
    });
    const recent = await buildTest(ctx.t.db, ctx.world.client.id, {
      ...RESULTS_READY,
      doneAt: new Date(now - 89 * DAY),
    });
    const gone = await buildParticipant(t, old.id, {
      recording: { startMs: now - 800 * DAY, durationMs: 10_000 },
    });
    const kept = await buildParticipant(t, recent.id, {
      recording: { startMs: now - 100 * DAY, durationMs: 10_000 },
    });
    const goneVideo = await giveVideo(t, { participantId: gone.id });
    const keptVideo = await giveVideo(t, { participantId: kept.id });
    const streamKeys = async (id: number) =>
      (await ctx.t.db.select().from(participantStreams).where(eq(participantStreams.participantId, id))).map(
        (row) => row.fileKey,
      );
    const goneStreams = await streamKeys(gone.id);
    for (const key of goneStreams) expect(await files.size(key)).toBeGreaterThan(0);

    const deps = { db: ctx.t.db, files, log: ctx.t.app.log, clock: () => ctx.t.clock.now };
    expect(await applyRetention(deps)).toEqual({
      recordings: 1,
      voices: 0,
      uploads: 0,
      streams: 3,
      batches: 0,
      reels: 0,
      tests: 1,
    });
    expect(await files.get(goneVideo)).toBeNull();
    for (const key of goneStreams) expect(await files.get(key)).toBeNull();
    expect(await files.size(keptVideo)).toBeGreaterThan(0);
    for (const key of await streamKeys(kept.id)) expect(await files.size(key)).toBeGreaterThan(0);
    const [row] = await ctx.t.db.select().from(participants).where(eq(participants.id, gone.id));
    expect(Object.keys(row?.removedData ?? {}).sort()).toEqual(['emotions', 'eyes', 'mice', 'screen']);

    expect(await applyRetention(deps)).toEqual({
      recordings: 0,
      voices: 0,
      uploads: 0,
      streams: 0,
      batches: 0,
      reels: 0,
      tests: 0,
    });
  });
});
