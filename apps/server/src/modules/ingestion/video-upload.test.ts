import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, useWorld } from '../../../test/api.js';
import { buildTest } from '../../../test/factories.js';
import { buildRecorder, fakeMp4 } from '../../../test/recorder.js';
import { participants, videoUploads } from '../../db/schema.js';
import { partFileKey } from './video-upload.js';

/**
 * A process killed at each step of completing an upload (docs/ingestion.md, Video): the files and
 * rows are arranged as it would leave them, then the recorder's next call must complete the
 * upload without the bytes being sent again, and leave no file behind.
 */

const SIZE = 10_000;
const LAST_PART = 3_000;

/** Distinct bytes per upload, so that a test can tell the new video from a previous one. */
const mp4 = (size: number, seed: number) => {
  const bytes = fakeMp4(size);
  for (let i = 12; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return Buffer.from(bytes);
};
const mkv = (size: number, seed: number) => {
  const bytes = mp4(size, seed);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0]);
  return bytes;
};

type Call = 'HEAD' | 'PATCH' | 'POST';

describe('video upload after a killed process', () => {
  const ctx = useWorld();
  let recorder: Awaited<ReturnType<typeof buildRecorder>>['api'];
  let testId: number;
  let realIds = 0;

  beforeAll(async () => {
    recorder = (await buildRecorder(ctx.t)).api;
    testId = (await buildTest(ctx.t.db, ctx.world.client.id)).id;
  });

  const newParticipant = async () =>
    expectOk<{ id: number }>(
      await recorder.post('/ingest/participants', { test_id: testId, real_id: `crash-${++realIds}` }),
      201,
    ).id;
  const videoOf = async (pid: number) =>
    (
      await ctx.t.db.select({ video: participants.video }).from(participants).where(eq(participants.id, pid))
    )[0]?.video;
  const uploadRow = async (pid: number) =>
    (await ctx.t.db.select().from(videoUploads).where(eq(videoUploads.participantId, pid)))[0];
  /** Every file of the store (DATA_DIR/files) that belongs to this participant's video or upload. */
  const filesOf = (pid: number) => {
    const root = path.join(ctx.t.dataDir, 'files');
    return fs
      .readdirSync(root, { recursive: true })
      .map(String)
      .filter((file) => path.basename(file).startsWith(`${pid}.`))
      .sort();
  };
  const stored = (key: string) => fs.readFileSync(path.join(ctx.t.dataDir, 'files', key));

  /** A real upload of `bytes` through the API, complete. */
  const upload = async (pid: number, bytes: Buffer) => {
    expectOk(await recorder.post(`/ingest/participants/${pid}/video`, { size: bytes.length }));
    expect(expectOk(await recorder.patchVideo(pid, 0, bytes)).complete).toBe(true);
  };

  /** Started through the API, every byte received and synced, killed before the completion. */
  const receivedAll = async (pid: number, bytes: Buffer) => {
    expectOk(await recorder.post(`/ingest/participants/${pid}/video`, { size: bytes.length }));
    expectOk(await recorder.patchVideo(pid, 0, bytes.subarray(0, bytes.length - LAST_PART)));
    const appended = await ctx.t.files.append(
      partFileKey(pid),
      bytes.length - LAST_PART,
      Readable.from([bytes.subarray(bytes.length - LAST_PART)]),
      LAST_PART,
    );
    expect(appended).toEqual({ status: 'appended', size: bytes.length });
  };
  /** …and killed after moving the part into place, before the transaction. */
  const moved = async (pid: number, bytes: Buffer, key = `videos/${pid}.mp4`) => {
    await receivedAll(pid, bytes);
    await ctx.t.files.move(partFileKey(pid), key);
  };
  /** …and killed after the transaction, before removing the previous video. */
  const named = async (pid: number, bytes: Buffer) => {
    await moved(pid, bytes);
    await ctx.t.db.transaction(async (tx) => {
      await tx
        .update(participants)
        .set({ video: `videos/${pid}.mp4` })
        .where(eq(participants.id, pid));
      await tx.delete(videoUploads).where(eq(videoUploads.participantId, pid));
    });
  };

  /** The recorder's next call: a status request, its last part again, or a start again. */
  const call = (how: Call, pid: number, bytes: Buffer): Promise<LightMyRequestResponse> => {
    if (how === 'HEAD') return recorder.call('HEAD', `/ingest/participants/${pid}/video`);
    if (how === 'POST') return recorder.post(`/ingest/participants/${pid}/video`, { size: bytes.length });
    return recorder.patchVideo(pid, bytes.length - LAST_PART, bytes.subarray(bytes.length - LAST_PART));
  };
  const expectComplete = (response: LightMyRequestResponse, how: Call, size: number) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['upload-offset']).toBe(String(size));
    expect(response.headers['upload-length']).toBe(String(size));
    if (how !== 'HEAD') expect(response.json()).toEqual({ offset: size, size, complete: true });
  };
  /** The participant names exactly `bytes` at `key`, no upload is left and no other file. */
  const expectOnly = async (pid: number, key: string, bytes: Buffer) => {
    expect(await videoOf(pid)).toBe(key);
    expect(stored(key).equals(bytes)).toBe(true);
    expect(await uploadRow(pid)).toBeUndefined();
    expect(filesOf(pid)).toEqual([key]);
  };

  const calls: Call[] = ['HEAD', 'PATCH', 'POST'];

  it.each(calls)('killed before the move: %s completes the upload', async (how) => {
    const pid = await newParticipant();
    const bytes = mp4(SIZE, 1);
    await receivedAll(pid, bytes);
    expectComplete(await call(how, pid, bytes), how, SIZE);
    await expectOnly(pid, `videos/${pid}.mp4`, bytes);
  });

  it.each(calls)('killed between the move and the transaction: %s completes the upload', async (how) => {
    const pid = await newParticipant();
    const bytes = mp4(SIZE, 2);
    await moved(pid, bytes);
    expectComplete(await call(how, pid, bytes), how, SIZE);
    await expectOnly(pid, `videos/${pid}.mp4`, bytes);
  });

  it.each(calls)(
    'killed after the transaction, before removing the previous video: %s removes it',
    async (how) => {
      const pid = await newParticipant();
      const previous = mkv(SIZE + 1, 3);
      await upload(pid, previous);
      const bytes = mp4(SIZE, 4);
      await named(pid, bytes);
      expect(filesOf(pid)).toEqual([`videos/${pid}.mkv`, `videos/${pid}.mp4`]);
      expectComplete(await call(how, pid, bytes), how, SIZE);
      await expectOnly(pid, `videos/${pid}.mp4`, bytes);
    },
  );

  it('a previous video of the same extension, replaced by the move: the retried part names the new bytes', async () => {
    const pid = await newParticipant();
    await upload(pid, mp4(SIZE + 500, 5));
    const bytes = mp4(SIZE, 6);
    await moved(pid, bytes);
    expectComplete(await call('PATCH', pid, bytes), 'PATCH', SIZE);
    await expectOnly(pid, `videos/${pid}.mp4`, bytes);
  });

  it('a previous video of the very same size: the moved one is named, the previous one removed, never the new one', async () => {
    const pid = await newParticipant();
    const previous = mkv(SIZE, 7);
    await upload(pid, previous);
    // A start of the same size answers the video complete (a retried start), so this upload was
    // started by an older server: its row and part are arranged here, then bytes and move as above.
    const bytes = mp4(SIZE, 8);
    await ctx.t.db.insert(videoUploads).values({ participantId: pid, size: SIZE, filename: '' });
    await ctx.t.files.append(partFileKey(pid), 0, Readable.from([bytes]), SIZE);
    await ctx.t.files.move(partFileKey(pid), `videos/${pid}.mp4`);
    expect(filesOf(pid)).toEqual([`videos/${pid}.mkv`, `videos/${pid}.mp4`]);
    expectComplete(await call('HEAD', pid, bytes), 'HEAD', SIZE);
    await expectOnly(pid, `videos/${pid}.mp4`, bytes);
  });

  it('a start of the size of the video the participant has answers complete and sends nothing', async () => {
    const pid = await newParticipant();
    const bytes = mp4(SIZE, 15);
    await upload(pid, bytes);
    expect(expectOk(await recorder.post(`/ingest/participants/${pid}/video`, { size: SIZE }))).toEqual({
      offset: SIZE,
      size: SIZE,
      complete: true,
    });
    await expectOnly(pid, `videos/${pid}.mp4`, bytes);
  });

  it('a retried last part after a completion whose answer was lost answers complete; a stray part 409', async () => {
    const pid = await newParticipant();
    const bytes = mp4(SIZE, 10);
    expectOk(await recorder.post(`/ingest/participants/${pid}/video`, { size: SIZE }));
    expectOk(await recorder.patchVideo(pid, 0, bytes.subarray(0, SIZE - LAST_PART)));
    expectComplete(await call('PATCH', pid, bytes), 'PATCH', SIZE);
    expectComplete(await call('PATCH', pid, bytes), 'PATCH', SIZE);
    expectError(await recorder.patchVideo(pid, 0, bytes.subarray(0, 10)), 'conflict', {
      upload_offset: String(SIZE),
    });
    await expectOnly(pid, `videos/${pid}.mp4`, bytes);
  });

  it('a start of another size replaces the video and removes the previous one', async () => {
    const pid = await newParticipant();
    await upload(pid, mp4(SIZE, 11));
    const bytes = mkv(SIZE + 20, 12);
    expect(
      expectOk(await recorder.post(`/ingest/participants/${pid}/video`, { size: bytes.length })),
    ).toEqual({
      offset: 0,
      size: bytes.length,
      complete: false,
    });
    expectOk(await recorder.patchVideo(pid, 0, bytes));
    await expectOnly(pid, `videos/${pid}.mkv`, bytes);
  });

  it('killed while refusing a file that is no video, or while starting: nothing stays, a start works', async () => {
    const pid = await newParticipant();
    // The row was dropped, the part not yet.
    await ctx.t.files.put(partFileKey(pid), Buffer.from('plain text, no video'));
    expect((await recorder.call('HEAD', `/ingest/participants/${pid}/video`)).statusCode).toBe(404);
    expect(filesOf(pid)).toEqual([]);
    // A start created its empty part, not yet its row.
    await ctx.t.files.put(partFileKey(pid), new Uint8Array());
    const bytes = mp4(SIZE, 13);
    await upload(pid, bytes);
    await expectOnly(pid, `videos/${pid}.mp4`, bytes);
  });

  it('an upload row without a part and no moved video starts from offset 0', async () => {
    const pid = await newParticipant();
    await ctx.t.db.insert(videoUploads).values({ participantId: pid, size: SIZE, filename: '' });
    const head = await recorder.call('HEAD', `/ingest/participants/${pid}/video`);
    expect(head.headers['upload-offset']).toBe('0');
    const bytes = mp4(SIZE, 14);
    expectOk(await recorder.patchVideo(pid, 0, bytes));
    await expectOnly(pid, `videos/${pid}.mp4`, bytes);
  });
});
