import { describe, expect, it } from 'vitest';
import { journeyFlow, pagePath } from './journey.js';

describe('pagePath', () => {
  const pages = [
    { id: 1, urls: ['https://shop.test/'], matchType: 'exact' as const },
    { id: 2, urls: ['https://shop.test/shoes'], matchType: 'starts_with' as const },
  ];
  const visit = (url: string, start: number) => ({ url, start, end: start + 10 });

  it('maps visits to pages in order, merging repeats and skipping unknown addresses', () => {
    const visits = [
      visit('https://shop.test/', 0),
      visit('https://shop.test/', 100),
      visit('https://elsewhere.test/', 200),
      visit('https://shop.test/shoes/runner-2', 300),
      visit('https://shop.test/', 400),
    ];
    expect(pagePath(visits, pages)).toEqual([1, 2, 1]);
    expect(pagePath([], pages)).toEqual([]);
  });
});

describe('journeyFlow', () => {
  it('counts nodes, moves and drop-offs by step', () => {
    const flow = journeyFlow([[1, 2, 3], [1, 2], [1, 3], [], [2]], 8);
    expect(flow.participants).toBe(4);
    expect(flow.continued).toBe(0);
    expect(flow.nodes).toEqual([
      { step: 0, page: 1, participants: 3 },
      { step: 0, page: 2, participants: 1 },
      { step: 1, page: 2, participants: 2 },
      { step: 1, page: 3, participants: 1 },
      { step: 2, page: 3, participants: 1 },
    ]);
    expect(flow.links).toEqual([
      { step: 0, source: 1, target: 2, participants: 2 },
      { step: 0, source: 1, target: 3, participants: 1 },
      { step: 0, source: 2, target: null, participants: 1 },
      { step: 1, source: 2, target: 3, participants: 1 },
      { step: 1, source: 2, target: null, participants: 1 },
      { step: 1, source: 3, target: null, participants: 1 },
      { step: 2, source: 3, target: null, participants: 1 },
    ]);
  });

  it('cuts paths after maxSteps without a drop-off and counts them as continued', () => {
    const flow = journeyFlow([[1, 2, 3, 4]], 2);
    expect(flow.continued).toBe(1);
    expect(flow.nodes.map((node) => node.page)).toEqual([1, 2]);
    expect(flow.links).toEqual([{ step: 0, source: 1, target: 2, participants: 1 }]);
  });
});
