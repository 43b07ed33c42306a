import type { Journey } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { makeJourney } from '../../test/journey';
import { bandPath, layoutSankey, NODE_WIDTH, type SankeyLayout, shortened } from './sankey-layout';

const page = (id: number, name: string) => ({
  id,
  name,
  visitors: 1,
  joy: 0.5,
  attention: 0.5,
  frustration: 0.5,
});
const frame = { width: 600, height: 300, labelRoom: 96 };

const journey = makeJourney();

const nodeOf = (layout: SankeyLayout, key: string) => {
  const node = layout.nodes.find((n) => n.key === key);
  if (!node) throw new Error(`no node ${key}`);
  return node;
};

describe('layoutSankey', () => {
  it('makes a node per page and step and one for those who left after each step', () => {
    const layout = layoutSankey(journey, frame);
    expect(layout.nodes.map((n) => [n.key, n.step, n.pageId, n.participants])).toEqual([
      ['0:1', 0, 1, 3],
      ['1:2', 1, 2, 2],
      ['1:left', 1, null, 1],
      ['2:left', 2, null, 2],
    ]);
    expect(layout.links.map((l) => [l.source.key, l.target.key, l.participants])).toEqual([
      ['0:1', '1:2', 2],
      ['0:1', '1:left', 1],
      ['1:2', '2:left', 2],
    ]);
  });

  it('lays out nothing for a journey without visits', () => {
    expect(layoutSankey({ ...journey, nodes: [], links: [] }, frame)).toEqual({
      nodes: [],
      links: [],
      labelWidth: frame.labelRoom,
    });
  });

  it('spreads the steps over the width, leaving room for the last labels', () => {
    const layout = layoutSankey(journey, frame);
    expect(nodeOf(layout, '0:1').x).toBe(8);
    expect(nodeOf(layout, '2:left').x).toBe(frame.width - frame.labelRoom - NODE_WIDTH);
    expect(nodeOf(layout, '1:2').x).toBe((8 + frame.width - frame.labelRoom - NODE_WIDTH) / 2);
  });

  it('draws nodes to one scale, inside the frame and apart from each other', () => {
    const layout = layoutSankey(journey, frame);
    const home = nodeOf(layout, '0:1');
    expect(nodeOf(layout, '1:2').height).toBeCloseTo((home.height * 2) / 3);
    expect(nodeOf(layout, '1:left').height).toBeCloseTo(home.height / 3);
    for (const node of layout.nodes) {
      expect(node.y).toBeGreaterThanOrEqual(16 - 1e-9);
      expect(node.y + node.height).toBeLessThanOrEqual(frame.height - 16 + 1e-9);
    }
    const [upper, lower] = [nodeOf(layout, '1:2'), nodeOf(layout, '1:left')].sort((a, b) => a.y - b.y);
    expect((lower?.y ?? 0) - ((upper?.y ?? 0) + (upper?.height ?? 0))).toBeGreaterThanOrEqual(14 - 1e-9);
  });

  it("stacks a node's bands without overlap, each as thick as its participants", () => {
    const layout = layoutSankey(journey, frame);
    const home = nodeOf(layout, '0:1');
    const out = layout.links.filter((l) => l.source === home).sort((a, b) => a.sourceY - b.sourceY);
    expect(out[0]?.sourceY).toBeCloseTo(home.y);
    expect((out[0]?.sourceY ?? 0) + (out[0]?.thickness ?? 0)).toBeCloseTo(out[1]?.sourceY ?? -1);
    expect((out[1]?.sourceY ?? 0) + (out[1]?.thickness ?? 0)).toBeCloseTo(home.y + home.height);
    for (const link of layout.links) {
      expect(link.thickness).toBeCloseTo((link.participants / 3) * home.height);
      expect(link.targetY).toBeGreaterThanOrEqual(link.target.y - 1e-9);
      expect(link.targetY + link.thickness).toBeLessThanOrEqual(link.target.y + link.target.height + 1e-9);
    }
  });

  it('orders a column by where its participants came from, so that bands do not cross', () => {
    // A (2) above B (1) at step 0; B's participant goes to C, A's to D, but C is listed first.
    const crossing: Journey = {
      ...journey,
      participants: 3,
      pages: [page(1, 'A'), page(2, 'B'), page(3, 'C'), page(4, 'D')],
      nodes: [
        { step: 0, page_id: 2, participants: 1 },
        { step: 0, page_id: 1, participants: 2 },
        { step: 1, page_id: 3, participants: 1 },
        { step: 1, page_id: 4, participants: 2 },
      ],
      links: [
        { step: 0, source: 2, target: 3, participants: 1 },
        { step: 0, source: 1, target: 4, participants: 2 },
      ],
    };
    const layout = layoutSankey(crossing, frame);
    expect(nodeOf(layout, '0:1').y).toBeLessThan(nodeOf(layout, '0:2').y);
    expect(nodeOf(layout, '1:4').y).toBeLessThan(nodeOf(layout, '1:3').y);
  });
});

describe('bandPath', () => {
  it('curves from the source edge to the target edge and back, as thick as asked', () => {
    expect(bandPath(10, 20, 110, 60, 5)).toBe('M10,20C60,20 60,60 110,60L110,65C60,65 60,25 10,25Z');
  });
});

describe('shortened', () => {
  it('cuts a label that would run into the next column, keeping journey ones whole', () => {
    expect(shortened('Home', 60)).toBe('Home');
    expect(shortened('Running shoes', 60)).toBe('Running…');
    expect(shortened('Running shoes', 0)).toBe('Ru…');
  });
});
