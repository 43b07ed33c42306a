import type { Journey } from '@limbus/contract';

/** A column's box: a page at a step, or those who left after the step before (`pageId` null). */
export type SankeyNode = {
  key: string;
  step: number;
  pageId: number | null;
  participants: number;
  x: number;
  y: number;
  height: number;
};

/** A band from one step's node to the next step's, as wide as the participants who moved. */
export type SankeyLink = {
  key: string;
  source: SankeyNode;
  target: SankeyNode;
  participants: number;
  /** Where the band's top edge leaves the source and meets the target. */
  sourceY: number;
  targetY: number;
  thickness: number;
  /** The band's outline: two curves and the node edges between them. */
  path: string;
};

/** `labelWidth`: the room a label has before the next column. */
export type SankeyLayout = { nodes: SankeyNode[]; links: SankeyLink[]; labelWidth: number };

export type SankeyFrame = {
  width: number;
  height: number;
  /** Room to the right of the last column for its labels. */
  labelRoom: number;
};

export const NODE_WIDTH = 14;
const NODE_GAP = 14;
const MARGIN_Y = 16;
const MARGIN_LEFT = 8;
/** Between a node and its label. */
export const LABEL_PADDING = 6;
/** Sweeps that pull each node towards the middle of its neighbours; more move little. */
const RELAXATIONS = 6;

const keyOf = (step: number, pageId: number | null) => `${step}:${pageId ?? 'left'}`;

/**
 * Lays the journey out as a Sankey diagram: a column per step, nodes as tall as their participants,
 * ordered and moved towards the nodes they are linked to so that bands cross little, and the bands
 * between them. Drawn by hand rather than by ECharts: ECharts' Sankey took 150–210 ms in one task
 * to lay out and draw (docs/decisions/performance-and-first-load.md 'The journey drawn by hand').
 */
export function layoutSankey(journey: Journey, frame: SankeyFrame): SankeyLayout {
  const nodes = nodesOf(journey);
  if (nodes.length === 0) return { nodes: [], links: [], labelWidth: frame.labelRoom };
  const byKey = new Map(nodes.map((node) => [node.key, node]));
  const moves = journey.links.flatMap((link) => {
    const source = byKey.get(keyOf(link.step, link.source));
    const target = byKey.get(keyOf(link.step + 1, link.target));
    return source && target ? [{ source, target, participants: link.participants }] : [];
  });
  const columns = columnsOf(nodes);
  const lastStep = columns.length - 1;
  const stepWidth = lastStep > 0 ? (frame.width - MARGIN_LEFT - frame.labelRoom - NODE_WIDTH) / lastStep : 0;
  for (const node of nodes) node.x = MARGIN_LEFT + node.step * stepWidth;

  const scale = Math.min(
    ...columns.map((column) => {
      const room = frame.height - 2 * MARGIN_Y - (column.length - 1) * NODE_GAP;
      return room / Math.max(1, sum(column.map((node) => node.participants)));
    }),
  );
  for (const node of nodes) node.height = Math.max(1, node.participants * scale);

  placeColumns(columns, moves, frame.height);
  const labelWidth = lastStep > 0 ? stepWidth - NODE_WIDTH - 2 * LABEL_PADDING : frame.labelRoom;
  return { nodes, links: bandsOf(moves), labelWidth };
}

function nodesOf(journey: Journey): SankeyNode[] {
  const node = (step: number, pageId: number | null, participants: number): SankeyNode => ({
    key: keyOf(step, pageId),
    step,
    pageId,
    participants,
    x: 0,
    y: 0,
    height: 0,
  });
  const leftAt = new Map<number, number>();
  for (const link of journey.links)
    if (link.target === null) leftAt.set(link.step + 1, (leftAt.get(link.step + 1) ?? 0) + link.participants);
  return [
    ...journey.nodes.map((page) => node(page.step, page.page_id, page.participants)),
    ...[...leftAt].map(([step, participants]) => node(step, null, participants)),
  ];
}

function columnsOf(nodes: SankeyNode[]): SankeyNode[][] {
  const steps = Math.max(-1, ...nodes.map((node) => node.step)) + 1;
  return Array.from({ length: steps }, (_, step) => nodes.filter((node) => node.step === step));
}

type Move = { source: SankeyNode; target: SankeyNode; participants: number };

/**
 * Orders each column by the weighted middle of the nodes it comes from, stacks it from the top,
 * then lets each node drift towards its neighbours' middle, sweeping right and left, keeping the
 * gaps and the frame.
 */
function placeColumns(columns: SankeyNode[][], moves: Move[], height: number) {
  const incoming = groupBy(moves, (move) => move.target);
  const outgoing = groupBy(moves, (move) => move.source);
  const middle = (node: SankeyNode) => node.y + node.height / 2;
  const weightedMiddle = (neighbours: Move[] | undefined, of: (move: Move) => SankeyNode) => {
    if (!neighbours?.length) return null;
    const weight = sum(neighbours.map((move) => move.participants));
    return sum(neighbours.map((move) => middle(of(move)) * move.participants)) / weight;
  };

  for (const [step, column] of columns.entries()) {
    if (step === 0) column.sort((a, b) => b.participants - a.participants);
    else {
      const wanted = new Map(
        column.map((node) => [node, weightedMiddle(incoming.get(node), (m) => m.source)]),
      );
      column.sort(
        (a, b) => (wanted.get(a) ?? Number.POSITIVE_INFINITY) - (wanted.get(b) ?? Number.POSITIVE_INFINITY),
      );
    }
    let y = MARGIN_Y;
    for (const node of column) {
      node.y = y;
      y += node.height + NODE_GAP;
    }
  }

  for (let sweep = 0; sweep < RELAXATIONS; sweep++) {
    const rightwards = sweep % 2 === 0;
    const order = rightwards ? columns : [...columns].reverse();
    for (const column of order) {
      for (const node of column) {
        const target = rightwards
          ? weightedMiddle(incoming.get(node), (m) => m.source)
          : weightedMiddle(outgoing.get(node), (m) => m.target);
        if (target !== null) node.y += (target - middle(node)) * 0.5;
      }
      keepApart(column, height);
    }
  }
}

/** Pushes overlapping nodes of a column down, then back up from the bottom edge, keeping their order. */
function keepApart(column: SankeyNode[], height: number) {
  column.sort((a, b) => a.y - b.y);
  let top = MARGIN_Y;
  for (const node of column) {
    node.y = Math.max(node.y, top);
    top = node.y + node.height + NODE_GAP;
  }
  let bottom = height - MARGIN_Y;
  for (const node of [...column].reverse()) {
    node.y = Math.min(node.y, bottom - node.height);
    bottom = node.y - NODE_GAP;
  }
}

/** Stacks each node's bands in the order of the nodes at their other end, so that they do not cross there. */
function bandsOf(moves: Move[]): SankeyLink[] {
  const sourceOffset = stackedOffsets(
    moves,
    (move) => move.source,
    (move) => move.target,
  );
  const targetOffset = stackedOffsets(
    moves,
    (move) => move.target,
    (move) => move.source,
  );
  return moves.map((move) => {
    const sourceY = move.source.y + (sourceOffset.get(move) ?? 0);
    const targetY = move.target.y + (targetOffset.get(move) ?? 0);
    const thickness = thicknessOf(move);
    return {
      key: `${move.source.key}>${move.target.key}`,
      source: move.source,
      target: move.target,
      participants: move.participants,
      sourceY,
      targetY,
      thickness,
      path: bandPath(move.source.x + NODE_WIDTH, sourceY, move.target.x, targetY, thickness),
    };
  });
}

/** Each band's offset from the top of the node at its `end`, stacked by the node at its `other` end. */
function stackedOffsets(
  moves: Move[],
  end: (move: Move) => SankeyNode,
  other: (move: Move) => SankeyNode,
): Map<Move, number> {
  const offsets = new Map<Move, number>();
  for (const group of groupBy(moves, end).values()) {
    let offset = 0;
    for (const move of [...group].sort((a, b) => other(a).y - other(b).y)) {
      offsets.set(move, offset);
      offset += thicknessOf(move);
    }
  }
  return offsets;
}

/** A band is as thick as its share of the source node (whose height is to scale). */
const thicknessOf = (move: Move) => (move.participants / move.source.participants) * move.source.height;

/** A band between two vertical edges: a cubic curve along the top, one back along the bottom. */
export function bandPath(x0: number, y0: number, x1: number, y1: number, thickness: number): string {
  const bend = (x1 - x0) / 2;
  const r = (value: number) => Math.round(value * 10) / 10;
  return [
    `M${r(x0)},${r(y0)}`,
    `C${r(x0 + bend)},${r(y0)} ${r(x1 - bend)},${r(y1)} ${r(x1)},${r(y1)}`,
    `L${r(x1)},${r(y1 + thickness)}`,
    `C${r(x1 - bend)},${r(y1 + thickness)} ${r(x0 + bend)},${r(y0 + thickness)} ${r(x0)},${r(y0 + thickness)}`,
    'Z',
  ].join('');
}

/** The average width of a 12 px label's character, to cut names that would run into the next column. */
const LABEL_CHAR_WIDTH = 6.8;

/** The name, cut with an ellipsis to fit `width` px (the tooltip shows it whole). */
export function shortened(name: string, width: number): string {
  const fits = Math.max(3, Math.floor(width / LABEL_CHAR_WIDTH));
  return name.length <= fits ? name : `${name.slice(0, fits - 1).trimEnd()}…`;
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
