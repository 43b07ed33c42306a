import { describe, expect, it } from 'vitest';
import { matchingSuggestions, moveToRank, neighboursOf, renumbered } from './ranking';

const item = (id: number, rank: number, title = `S${id}`, suggestion = '') => ({
  id,
  rank,
  title,
  suggestion,
});
const order = (list: { id: number; rank: number }[]) => list.map(({ id, rank }) => `${rank}:${id}`);

describe('renumbered', () => {
  it('sorts by rank, ties by id, and ranks 1 to n', () => {
    expect(order(renumbered([item(3, 7), item(1, 2), item(2, 2), item(4, 0)]))).toEqual([
      '1:4',
      '2:1',
      '3:2',
      '4:3',
    ]);
  });

  it('keeps items whose rank is right as they are', () => {
    const first = item(1, 1);
    expect(renumbered([item(2, 2), first])[0]).toBe(first);
  });
});

describe('moveToRank', () => {
  const list = [item(1, 1), item(2, 2), item(3, 3), item(4, 4)];

  it('moves an item up or down and renumbers the rest', () => {
    expect(order(moveToRank(list, 4, 1))).toEqual(['1:4', '2:1', '3:2', '4:3']);
    expect(order(moveToRank(list, 1, 3))).toEqual(['1:2', '2:3', '3:1', '4:4']);
  });

  it('puts an item past the end last and leaves the list alone for an unknown id', () => {
    expect(order(moveToRank(list, 2, 99))).toEqual(['1:1', '2:3', '3:4', '4:2']);
    expect(order(moveToRank(list, 9, 1))).toEqual(['1:1', '2:2', '3:3', '4:4']);
  });
});

describe('matchingSuggestions', () => {
  const list = [
    item(1, 1, 'Move the checkout button', '<p>Put it <strong>above</strong> the fold</p>'),
    item(2, 2, 'Shorter form', '<p>Drop the fax field</p>'),
  ];

  it('matches every word in the title or the text, any case, not inside tags', () => {
    expect(matchingSuggestions(list, 'CHECKOUT above').map((s) => s.id)).toEqual([1]);
    expect(matchingSuggestions(list, 'fax').map((s) => s.id)).toEqual([2]);
    expect(matchingSuggestions(list, 'strong')).toEqual([]);
    expect(matchingSuggestions(list, '  ')).toHaveLength(2);
  });
});

describe('neighboursOf', () => {
  it('gives the suggestions before and after, none at the ends', () => {
    const list = [item(5, 2), item(6, 1), item(7, 3)];
    expect(neighboursOf(list, 5)).toEqual({ previous: list[1], next: list[2] });
    expect(neighboursOf(list, 6).previous).toBeNull();
    expect(neighboursOf(list, 7).next).toBeNull();
    expect(neighboursOf(list, 8)).toEqual({ previous: null, next: null });
  });
});
