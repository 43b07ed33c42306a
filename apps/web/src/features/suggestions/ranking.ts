import type { Suggestion } from '@limbus/contract';

type Ranked = Pick<Suggestion, 'id' | 'rank'>;

/** In rank order (ties by id), ranked 1 to n: the list renumbers on load (spec 2 §2). */
export function renumbered<T extends Ranked>(list: readonly T[]): T[] {
  return [...list]
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .map((item, index) => (item.rank === index + 1 ? item : { ...item, rank: index + 1 }));
}

/** The list with `id` moved to `rank` (1 first; past the end: last), renumbered as the server does. */
export function moveToRank<T extends Ranked>(list: readonly T[], id: number, rank: number): T[] {
  const ordered = renumbered(list);
  const moved = ordered.find((item) => item.id === id);
  if (!moved) return ordered;
  const others = ordered.filter((item) => item.id !== id);
  others.splice(Math.max(0, Math.min(rank, ordered.length) - 1), 0, moved);
  return others.map((item, index) => (item.rank === index + 1 ? item : { ...item, rank: index + 1 }));
}

/** The text of rich text, for searching. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');

/** Suggestions whose title or text holds every word of the search, any case. */
export function matchingSuggestions<T extends Pick<Suggestion, 'title' | 'suggestion'>>(
  list: readonly T[],
  search: string,
): T[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((item) => {
    const haystack = `${item.title} ${textOf(item.suggestion)}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The suggestions before and after `id` in rank order, for the detail's arrows. */
export function neighboursOf<T extends Ranked>(
  list: readonly T[],
  id: number,
): { previous: T | null; next: T | null } {
  const ordered = renumbered(list);
  const index = ordered.findIndex((item) => item.id === id);
  if (index < 0) return { previous: null, next: null };
  return { previous: ordered[index - 1] ?? null, next: ordered[index + 1] ?? null };
}
