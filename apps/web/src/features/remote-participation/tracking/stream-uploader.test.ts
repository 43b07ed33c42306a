import { describe, expect, it } from 'vitest';
import { BATCH_SAMPLES_MAX, streamUploader } from './stream-uploader';

type Gaze = { timestamp: number[]; x: (number | null)[]; y: (number | null)[] };
const EMPTY: Gaze = { timestamp: [], x: [], y: [] };
const noWait = () => Promise.resolve();

describe('streamUploader', () => {
  it('sends the buffered samples as numbered batches of columns, lost samples as null', async () => {
    const sent: { seq: number; columns: Gaze }[] = [];
    const uploader = streamUploader(EMPTY, async (seq, columns) => void sent.push({ seq, columns }), noWait);
    uploader.add({ timestamp: 1, x: 10, y: 20 });
    uploader.add({ timestamp: 2, x: null, y: null });
    await uploader.flush();
    uploader.add({ timestamp: 3, x: 11, y: 21 });
    await uploader.flush();
    expect(sent).toEqual([
      { seq: 0, columns: { timestamp: [1, 2], x: [10, null], y: [20, null] } },
      { seq: 1, columns: { timestamp: [3], x: [11], y: [21] } },
    ]);
    expect(uploader.pending()).toBe(0);
  });

  it('numbers on from firstSeq, as a session resumed after a reload does', async () => {
    const seqs: number[] = [];
    const uploader = streamUploader(EMPTY, async (seq) => void seqs.push(seq), noWait, 7);
    uploader.add({ timestamp: 1, x: 10, y: 20 });
    await uploader.flush();
    uploader.add({ timestamp: 2, x: 11, y: 21 });
    await uploader.flush();
    expect(seqs).toEqual([7, 8]);
  });

  it('splits a long buffer into batches of at most BATCH_SAMPLES_MAX', async () => {
    const sizes: number[] = [];
    const uploader = streamUploader(
      EMPTY,
      async (_, columns) => void sizes.push(columns.timestamp.length),
      noWait,
    );
    for (let index = 0; index < BATCH_SAMPLES_MAX + 5; index++)
      uploader.add({ timestamp: index, x: 0, y: 0 });
    await uploader.flush();
    expect(sizes).toEqual([BATCH_SAMPLES_MAX, 5]);
  });

  it('retries a failed batch under its own number, and keeps it when the connection stays down', async () => {
    let failures = 5;
    const attempts: number[] = [];
    const uploader = streamUploader(
      EMPTY,
      async (seq) => {
        attempts.push(seq);
        if (failures-- > 0) throw new Error('offline');
      },
      noWait,
    );
    uploader.add({ timestamp: 1, x: 1, y: 1 });
    await expect(uploader.flush()).rejects.toThrow('offline');
    expect(attempts).toEqual([0, 0, 0, 0]);
    expect(uploader.pending()).toBe(1);
    uploader.add({ timestamp: 2, x: 2, y: 2 });
    await uploader.flush();
    // the kept batch goes first under its number, then the new samples as batch 1
    expect(attempts).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(uploader.pending()).toBe(0);
  });
});
