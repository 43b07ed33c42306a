import type { DecodedStream } from '@limbus/analytics';
import type { ChangeListener } from '../../db/change-listener.js';
import type { Deps } from '../../deps.js';
import { readStream } from '../participants/participant-streams.js';
import type { StreamRow } from '../participants/participants.service.js';

/** Decoded streams kept between heatmap calls (LRU): 30 participants' eyes, mice and emotions twice over. */
const MAX_ENTRIES = 180;
/** One cache per file store, so that two apps in one process (tests) never share entries. */
const caches = new WeakMap<object, Map<string, DecodedStream>>();

/**
 * The decoded stream a participant_streams row names, reusing the one decoded last time while the
 * row is unchanged: the key holds the file, its size, sample count, first and last time and the
 * row's update time, so a re-uploaded stream (also by another process on the same database) is
 * read anew. The heatmap views read the same participants again and again (each view, area or
 * 'first x seconds' is a call); decompressing their streams was most of a call's time.
 */
export async function cachedStream(deps: Pick<Deps, 'files'>, row: StreamRow): Promise<DecodedStream> {
  const key = [
    row.fileKey,
    row.byteSize,
    row.sampleCount,
    row.firstTimestamp,
    row.lastTimestamp,
    row.updatedAt.getTime(),
  ].join('|');
  let cache = caches.get(deps.files);
  if (!cache) {
    cache = new Map();
    caches.set(deps.files, cache);
  }
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const stream = await readStream(deps, row);
  cache.set(key, stream);
  for (const oldest of cache.keys()) {
    if (cache.size <= MAX_ENTRIES) break;
    cache.delete(oldest);
  }
  return stream;
}

/**
 * Forgets the decoded streams of a participant (an erasure, heard from any process by the change
 * listener that app.ts subscribes), or every stream on an unknown change.
 */
export function forgetCachedStreams(files: object, participantId: number | null): void {
  const cache = caches.get(files);
  if (!cache) return;
  if (participantId === null) {
    cache.clear();
    return;
  }
  const prefix = `streams/${participantId}/`;
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}

/** Keeps the process's decoded streams in step with erasures (any process's, by the database's notices). */
export function forgetErasedStreams(changes: ChangeListener, files: object): () => void {
  return changes.subscribe({
    onChange: (change) => {
      if (change === null) forgetCachedStreams(files, null);
      else if ('participantId' in change) forgetCachedStreams(files, change.participantId);
    },
    onListening: () => undefined,
  });
}
