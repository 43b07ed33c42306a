import pg from 'pg';
import type { Database } from '../db/client.js';
import { type ActorChange, onActorChange } from '../modules/users/actor-changes.js';
import { findUserById, type UserRow } from '../modules/users/users.repository.js';

/** The channel that migration 0012's triggers notify when a user's actor or its company changes. */
export const ACTOR_CHANGED_CHANNEL = 'limbus_actor_changed';

/** How long a user may be served from memory at most, should a change notice ever be lost. */
const TIME_TO_LIVE_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry = { user: UserRow | null; loadedAt: number };

export type ActorCache = {
  /** The user's row (role, company, token version, profile); null for no such user. */
  get: (userId: number) => Promise<UserRow | null>;
  close: () => Promise<void>;
};

/**
 * The user of each signed-in request (DESIGN §3: a removed user, a changed role or a raised token
 * version takes effect at once) without a query per request: users' rows are kept in memory and
 * forgotten when the database says they changed, so that the actor and GET /users/me come from
 * memory. Triggers on `users`, `profiles` and `companies` NOTIFY after the commit (migrations
 * 0017 and 0020), on PostgreSQL to every API process (one LISTEN connection each) and on the embedded
 * database within this process. While the notices cannot be received (the LISTEN connection is
 * down), nothing is kept. A load that overlaps a change is not kept either (the generation test),
 * so an old row read before the commit never outlives the notice.
 */
export async function createActorCache(db: Database, now = () => performance.now()): Promise<ActorCache> {
  const entries = new Map<number, Entry>();
  let generation = 0;
  let isListening = false;
  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };
  const forget = (change: ActorChange) => {
    generation += 1;
    if ('userId' in change) entries.delete(change.userId);
    else
      for (const [userId, entry] of entries)
        if (entry.user?.companyId === change.companyId) entries.delete(userId);
  };
  const stopHearing = onActorChange(forget);
  const onNotice = (payload: string | undefined) => {
    const change = parseNotice(payload);
    if (change) forget(change);
    else forgetAll();
  };
  const listener = await listenForChanges(db, onNotice, (listening) => {
    isListening = listening;
    forgetAll();
  });

  return {
    async get(userId) {
      const entry = entries.get(userId);
      if (entry && now() - entry.loadedAt < TIME_TO_LIVE_MS) return entry.user;
      const startedAt = generation;
      const user = await findUserById(db, userId);
      if (isListening && generation === startedAt) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as number);
        entries.set(userId, { user, loadedAt: now() });
      }
      return user;
    },
    async close() {
      stopHearing();
      await listener.close();
      entries.clear();
    },
  };
}

/** `user:<id>` or `company:<id>`; anything else forgets everything. */
function parseNotice(payload: string | undefined): ActorChange | null {
  const match = /^(user|company):(\d+)$/.exec(payload ?? '');
  if (!match) return null;
  const id = Number(match[2]);
  return match[1] === 'user' ? { userId: id } : { companyId: id };
}

type PgliteClient = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
};

/**
 * LISTEN on the embedded database's client, or on a connection of its own beside PostgreSQL's
 * pool (a pooled connection would be handed to other queries). A lost connection is reported and
 * opened again after a second.
 */
async function listenForChanges(
  db: Database,
  onNotice: (payload: string | undefined) => void,
  onListening: (listening: boolean) => void,
): Promise<{ close: () => Promise<void> }> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return listenOnPostgres(client.options, onNotice, onListening);
  const unlisten = await (client as PgliteClient).listen(ACTOR_CHANGED_CHANNEL, onNotice);
  onListening(true);
  // the database may be closed first (a caller's order); nothing is left to stop then
  return { close: () => unlisten().catch(() => undefined) };
}

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
      await client.query(`LISTEN ${ACTOR_CHANGED_CHANNEL}`);
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
