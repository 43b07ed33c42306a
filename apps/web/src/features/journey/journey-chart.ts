import type { Emotion, Journey } from '@limbus/contract';
import { EMOTION_COLORS } from '../../app/theme';

const NEUTRAL: [number, number, number] = [222, 226, 230];
const LEFT_COLOR = '#868e96';

const rgbOf = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

/** From the neutral grey (the lowest page of the test) to the emotion's colour (the highest). */
export function emotionShade(
  emotion: Emotion,
  value: number | null,
  range: { min: number; max: number },
): string {
  if (value === null) return `rgb(${NEUTRAL.join(',')})`;
  const t = range.max > range.min ? (value - range.min) / (range.max - range.min) : 1;
  const target = rgbOf(EMOTION_COLORS[emotion]);
  const mix = NEUTRAL.map((channel, i) => Math.round(channel + t * ((target[i] as number) - channel)));
  return `rgb(${mix.join(',')})`;
}

/** The lowest and highest mean of the emotion over the test's visited pages. */
export function emotionRange(journey: Journey, emotion: Emotion): { min: number; max: number } {
  const values = journey.pages
    .filter((page) => page.visitors > 0)
    .map((page) => page[emotion])
    .filter((value): value is number => value !== null);
  return { min: Math.min(...values, 1), max: Math.max(...values, 0) };
}

/** A node's name: `step:pageId`, or `step:left` for those who left before that step. */
export const nodeName = (step: number, page: number | null) => `${step}:${page ?? 'left'}`;

/** The page a clicked node stands for, or null (a drop-off, a link). */
export function pageOfNode(name: string): number | null {
  const match = /^\d+:(\d+)$/.exec(name);
  return match ? Number(match[1]) : null;
}

const percent = (value: number | null) => (value === null ? 'not measured' : `${Math.round(value * 100)} %`);

/**
 * The Sankey of the journey: one column per step, a node per page visited at that step coloured
 * by the page's mean `emotion`, and grey 'Left' nodes for those whose visit ended there.
 */
export function journeySankeyOption(journey: Journey, emotion: Emotion) {
  const pages = new Map(journey.pages.map((page) => [page.id, page]));
  const range = emotionRange(journey, emotion);
  const leftAt = new Map<number, number>();
  for (const link of journey.links)
    if (link.target === null) leftAt.set(link.step + 1, (leftAt.get(link.step + 1) ?? 0) + link.participants);
  const nodes = [
    ...journey.nodes.map((node) => {
      const page = pages.get(node.page_id);
      return {
        name: nodeName(node.step, node.page_id),
        depth: node.step,
        value: node.participants,
        itemStyle: { color: emotionShade(emotion, page?.[emotion] ?? null, range), borderColor: '#495057' },
        label: { formatter: page?.name ?? 'Page' },
        tooltip: {
          formatter: `<b>${page?.name ?? 'Page'}</b>, step ${node.step + 1}<br/>${node.participants} participants here<br/>Mean ${emotion}: ${percent(page?.[emotion] ?? null)}<br/>Click to see the page's insights`,
        },
      };
    }),
    ...[...leftAt].map(([step, participants]) => ({
      name: nodeName(step, null),
      depth: step,
      value: participants,
      itemStyle: { color: LEFT_COLOR },
      label: { formatter: 'Left' },
      tooltip: { formatter: `${participants} participants left after step ${step}` },
    })),
  ];
  const links = journey.links.map((link) => ({
    source: nodeName(link.step, link.source),
    target: nodeName(link.step + 1, link.target),
    value: link.participants,
  }));
  return {
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'sankey',
        left: 8,
        right: 96,
        top: 16,
        bottom: 16,
        nodeAlign: 'left',
        nodeGap: 14,
        draggable: false,
        emphasis: { focus: 'adjacency' },
        lineStyle: { color: 'gradient', opacity: 0.35, curveness: 0.5 },
        label: { fontSize: 12, color: '#212529' },
        data: nodes,
        links,
      },
    ],
  };
}
