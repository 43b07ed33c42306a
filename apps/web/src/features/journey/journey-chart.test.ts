import type { Journey } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { emotionShade, journeySankeyOption, pageOfNode } from './journey-chart';

const journey: Journey = {
  participants: 3,
  continued: 0,
  max_steps: 8,
  pages: [
    { id: 1, name: 'Home', visitors: 3, joy: 0.5, attention: 0.5, frustration: 0.2 },
    { id: 2, name: 'Basket', visitors: 2, joy: 0.3, attention: 0.6, frustration: 0.6 },
    { id: 3, name: 'Unvisited', visitors: 0, joy: null, attention: null, frustration: null },
  ],
  nodes: [
    { step: 0, page_id: 1, participants: 3 },
    { step: 1, page_id: 2, participants: 2 },
  ],
  links: [
    { step: 0, source: 1, target: 2, participants: 2 },
    { step: 0, source: 1, target: null, participants: 1 },
    { step: 1, source: 2, target: null, participants: 2 },
  ],
};

describe('journeySankeyOption', () => {
  it('makes a node per page and step, Left nodes for drop-offs, and links between them', () => {
    const series = journeySankeyOption(journey, 'frustration').series[0];
    expect(series?.data.map((node) => [node.name, node.depth, node.value, node.label.formatter])).toEqual([
      ['0:1', 0, 3, 'Home'],
      ['1:2', 1, 2, 'Basket'],
      ['1:left', 1, 1, 'Left'],
      ['2:left', 2, 2, 'Left'],
    ]);
    expect(series?.links).toEqual([
      { source: '0:1', target: '1:2', value: 2 },
      { source: '0:1', target: '1:left', value: 1 },
      { source: '1:2', target: '2:left', value: 2 },
    ]);
  });

  it('colours the least frustrating page grey and the most in the frustration colour', () => {
    const [home, basket] = journeySankeyOption(journey, 'frustration').series[0]?.data ?? [];
    expect(home?.itemStyle.color).toBe('rgb(222,226,230)');
    expect(basket?.itemStyle.color).toBe('rgb(232,69,124)');
    expect(emotionShade('joy', null, { min: 0, max: 1 })).toBe('rgb(222,226,230)');
  });

  it('reads the page of a clicked node, not of a drop-off', () => {
    expect(pageOfNode('1:2')).toBe(2);
    expect(pageOfNode('2:left')).toBeNull();
    expect(pageOfNode('')).toBeNull();
  });
});
