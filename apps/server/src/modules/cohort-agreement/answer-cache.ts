/**
 * A small per-process cache of computed answers by key, the oldest dropped past `capacity`. The
 * key names everything an answer is computed from (participants, pages, areas), so a change asks
 * anew; an entry of an erased participant's set is never answered again and ages out.
 */
export function answerCache<T>(capacity: number) {
  const entries = new Map<string, T>();
  return {
    get(key: string): T | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: T): void {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
  };
}
