/** How often the buffered samples are sent, and the most a batch holds (well under the 4 MiB limit). */
export const UPLOAD_EVERY_MS = 5000;
export const BATCH_SAMPLES_MAX = 2000;
const RETRY_DELAYS_MS = [1000, 2000, 4000];

type Columns = Record<string, unknown[]>;
type Upload<C extends Columns> = (seq: number, columns: C) => Promise<unknown>;

const emptyLike = <C extends Columns>(columns: C): C =>
  Object.fromEntries(Object.keys(columns).map((name) => [name, []])) as unknown as C;
const lengthOf = (columns: Columns) => Object.values(columns)[0]?.length ?? 0;

/**
 * One stream's samples, sent as numbered batches (JSON columns) every few seconds. A batch that
 * fails is tried again (1, 2, 4 s) and then kept, in order, for the next send: a retried batch
 * keeps its number, which the server overwrites, so nothing is stored twice and nothing is lost
 * while the connection drops. `flush` sends everything and rejects when a batch still fails.
 */
export function streamUploader<C extends Columns>(
  empty: C,
  upload: Upload<C>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  /** The first batch's number: after a reload, one past the batches the server holds. */
  firstSeq = 0,
) {
  let buffer = emptyLike(empty);
  const queue: { seq: number; columns: C }[] = [];
  let nextSeq = firstSeq;
  let sending: Promise<void> | null = null;

  const seal = () => {
    while (lengthOf(buffer) > 0) {
      const take = Math.min(lengthOf(buffer), BATCH_SAMPLES_MAX);
      const columns = Object.fromEntries(
        Object.entries(buffer).map(([name, values]) => [name, values.slice(0, take)]),
      ) as unknown as C;
      buffer = Object.fromEntries(
        Object.entries(buffer).map(([name, values]) => [name, values.slice(take)]),
      ) as unknown as C;
      queue.push({ seq: nextSeq++, columns });
    }
  };

  const sendOne = async (batch: { seq: number; columns: C }) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await upload(batch.seq, batch.columns);
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) throw error;
        await wait(delay);
      }
    }
  };

  const sendQueued = async () => {
    for (let next = queue[0]; next; next = queue[0]) {
      await sendOne(next);
      queue.shift();
    }
  };

  const send = () => {
    seal();
    sending ??= sendQueued().finally(() => {
      sending = null;
    });
    return sending;
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
      if (queue.length || lengthOf(buffer)) await send();
    },
    pending: () => queue.reduce((sum, batch) => sum + lengthOf(batch.columns), lengthOf(buffer)),
  };
}
export type StreamUploader<C extends Columns> = ReturnType<typeof streamUploader<C>>;
