import pg from 'pg';
import { CHANGES_CHANNEL, type Change, onLocalChange, parseChangeNotice } from './changes.js';
import type { Database } from './client.js';

export type ChangeSubscriber = {
  /** A change; null when it is unknown what changed (forget everything). */
  onChange: (change: Change | null) => void;
  /** Whether notices can be received; while they cannot, caches keep nothing. */
  onListening: (listening: boolean) => void;
};

export type ChangeListener = {
  subscribe: (subscriber: ChangeSubscriber) => () => void;
  isListening: () => boolean;
  close: () => Promise<void>;
};

/**
 * One LISTEN per process for the change notices of db/changes.ts, heard by every cache of the
 * process together with the changes the process announces itself: on PostgreSQL a connection of
 * its own beside the pool (a pooled connection would be handed to other queries), on the embedded
 * database its client, which hears them as its COMMIT answers.
 */
export async function createChangeListener(db: Database): Promise<ChangeListener> {
  const subscribers = new Set<ChangeSubscriber>();
  let listening = false;
  const hear = (change: Change | null) => {
    for (const subscriber of subscribers) subscriber.onChange(change);
  };
  const stopHearingLocal = onLocalChange(hear);
  const connection = await listen(
    db,
    (payload) => hear(parseChangeNotice(payload)),
    (isListening) => {
      listening = isListening;
      for (const subscriber of subscribers) subscriber.onListening(isListening);
    },
  );
  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    isListening: () => listening,
    async close() {
      stopHearingLocal();
      await connection.close();
      subscribers.clear();
    },
  };
}

type PgliteClient = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
};

async function listen(
  db: Database,
  onNotice: (payload: string | undefined) => void,
  onListening: (listening: boolean) => void,
): Promise<{ close: () => Promise<void> }> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return listenOnPostgres(client.options, onNotice, onListening);
  const unlisten = await (client as PgliteClient).listen(CHANGES_CHANNEL, onNotice);
  onListening(true);
  // the database may be closed first (a caller's order); nothing is left to stop then
  return { close: () => unlisten().catch(() => undefined) };
}

/** A lost connection is reported and opened again after a second. */
async function listenOnPostgres(
  options: pg.PoolConfig,
  onNotice: (payload: string | undefined) => void,
  onListening: (listening: boolean) => void,
): Promise<{ close: () => Promise<void> }> {
  let isClosed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const client = new pg.Client(options);
    client.on('notification', (message) => onNotice(message.payload));
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (isClosed) return void (await client.end());
    current = client;
    client.on('end', () => {
      if (isClosed) return;
      onListening(false);
      scheduleRetry();
    });
    onListening(true);
  };
  const scheduleRetry = () => {
    retry = setTimeout(() => void connect().catch(scheduleRetry), 1_000);
  };
  await connect();
  return {
    close: async () => {
      isClosed = true;
      clearTimeout(retry);
      onListening(false);
      await current?.end().catch(() => undefined);
    },
  };
}
