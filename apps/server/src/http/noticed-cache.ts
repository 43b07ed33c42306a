import type { ChangeListener } from '../db/change-listener.js';
import type { Change } from '../db/changes.js';

/** How long an entry may be served from memory at most, should a change notice ever be lost. */
const TIME_TO_LIVE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type NoticedCache<K, V> = {
  get: (key: K) => Promise<V>;
  /** Stops hearing changes and forgets everything. */
  close: () => void;
};

/**
 * Answers read from the database kept in memory and forgotten when a change notice says they are
 * stale (db/change-listener.ts), so that the most read answers need no query. While notices
 * cannot be received, nothing is kept. A load that overlaps a change is not kept either (the
 * generation test), so an answer read before a commit never outlives the commit's notice.
 */
export function createNoticedCache<K, V>(options: {
  changes: ChangeListener;
  load: (key: K) => Promise<V>;
  /** Whether a change makes this entry stale. */
  isStaleAfter: (change: Change, key: K, value: V) => boolean;
  now?: () => number;
}): NoticedCache<K, V> {
  const { changes, load, isStaleAfter, now = () => performance.now() } = options;
  const entries = new Map<K, { value: V; loadedAt: number }>();
  let generation = 0;
  const unsubscribe = changes.subscribe({
    onChange(change) {
      generation += 1;
      if (change === null) return entries.clear();
      for (const [key, entry] of entries) if (isStaleAfter(change, key, entry.value)) entries.delete(key);
    },
    onListening() {
      generation += 1;
      entries.clear();
    },
  });
  return {
    async get(key) {
      const entry = entries.get(key);
      if (entry && now() - entry.loadedAt < TIME_TO_LIVE_MS) return entry.value;
      const startedAt = generation;
      const value = await load(key);
      if (changes.isListening() && generation === startedAt) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as K);
        entries.set(key, { value, loadedAt: now() });
      }
      return value;
    },
    close() {
      unsubscribe();
      entries.clear();
    },
  };
}
