/** How often the buffered samples are sent, and the most a batch holds (well under the 4 MiB limit). */
export const UPLOAD_EVERY_MS = 5000;
export const BATCH_SAMPLES_MAX = 2000;
const RETRY_DELAYS_MS = [1000, 2000, 4000];

type Columns = Record<string, unknown[]>;
type Upload<C extends Columns> = (seq: number, columns: C) => Promise<unknown>;
type Wait = (ms: number) => Promise<void>;
const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const emptyLike = <C extends Columns>(columns: C): C =>
  Object.fromEntries(Object.keys(columns).map((name) => [name, []])) as unknown as C;
const lengthOf = (columns: Columns) => Object.values(columns)[0]?.length ?? 0;

/**
 * Numbered uploads sent one at a time, in order. One that fails is tried again (1, 2, 4 s) and
 * then kept, first in line, for the next send; `retries(error)` false sends no retry for an error
 * that asking again cannot heal. `send` settles when the queue is empty, or rejects with the
 * failure that stopped it (what is left stays queued).
 */
export function orderedUploads<T>(
  upload: (item: T) => Promise<unknown>,
  { wait = sleep, retries = () => true }: { wait?: Wait; retries?: (error: unknown) => boolean } = {},
) {
  const queue: T[] = [];
  let sending: Promise<void> | null = null;

  const sendOne = async (item: T) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await upload(item);
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || !retries(error)) throw error;
        await wait(delay);
      }
    }
  };

  const sendQueued = async () => {
    for (let next = queue[0]; next !== undefined; next = queue[0]) {
      await sendOne(next);
      queue.shift();
    }
  };

  return {
    push: (item: T) => void queue.push(item),
    send() {
      sending ??= sendQueued().finally(() => {
        sending = null;
      });
      return sending;
    },
    queued: (): readonly T[] => queue,
    /** Forgets what is queued: nothing of it will ever be taken. */
    clear: () => void queue.splice(0),
  };
}

/**
 * One stream's samples, sent as numbered batches (JSON columns) every few seconds. A batch that
 * fails is tried again (1, 2, 4 s) and then kept, in order, for the next send: a retried batch
 * keeps its number, which the server overwrites, so nothing is stored twice and nothing is lost
 * while the connection drops. `flush` sends everything and rejects when a batch still fails.
 */
export function streamUploader<C extends Columns>(
  empty: C,
  upload: Upload<C>,
  wait: Wait = sleep,
  /** The first batch's number: after a reload, one past the batches the server holds. */
  firstSeq = 0,
) {
  let buffer = emptyLike(empty);
  let nextSeq = firstSeq;
  const uploads = orderedUploads<{ seq: number; columns: C }>((batch) => upload(batch.seq, batch.columns), {
    wait,
  });

  const seal = () => {
    while (lengthOf(buffer) > 0) {
      const take = Math.min(lengthOf(buffer), BATCH_SAMPLES_MAX);
      const columns = Object.fromEntries(
        Object.entries(buffer).map(([name, values]) => [name, values.slice(0, take)]),
      ) as unknown as C;
      buffer = Object.fromEntries(
        Object.entries(buffer).map(([name, values]) => [name, values.slice(take)]),
      ) as unknown as C;
      uploads.push({ seq: nextSeq++, columns });
    }
  };

  const send = () => {
    seal();
    return uploads.send();
  };

  return {
    add(sample: { [K in keyof C]: C[K][number] }) {
      for (const [name, values] of Object.entries(buffer)) values.push(sample[name as keyof C]);
    },
    /** Sends what is buffered (in the background: a failure waits for the next send). */
    tick: () => void send().catch(() => undefined),
    /** Sends everything; rejects when a batch could not be sent (the samples stay queued for a retry). */
    async flush() {
      await send();
      if (uploads.queued().length || lengthOf(buffer)) await send();
    },
    pending: () => uploads.queued().reduce((sum, batch) => sum + lengthOf(batch.columns), lengthOf(buffer)),
  };
}
export type StreamUploader<C extends Columns> = ReturnType<typeof streamUploader<C>>;
