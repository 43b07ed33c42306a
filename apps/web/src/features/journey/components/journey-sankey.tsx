import { EMOTION_NAMES, type Emotion, type Journey, TOOLTIP } from '@limbus/contract';
import { Box } from '@mantine/core';
import {
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatPercent } from '../../../ui';
import { emotionRange, emotionShade, LEFT_COLOR } from '../journey-chart';
import {
  LABEL_PADDING,
  layoutSankey,
  NODE_WIDTH,
  type SankeyLink,
  type SankeyNode,
  shortened,
} from '../sankey-layout';
import classes from './journey-sankey.module.css';

type Props = {
  journey: Journey;
  emotion: Emotion;
  height: number;
  /** The narrowest the diagram is drawn; a narrower screen scrolls it sideways. */
  minWidth: number;
  label: string;
  onOpenPage: (pageId: number) => void;
};

/** Room right of the last column for its labels. */
const LABEL_ROOM = 96;

/** What the pointer is on, and where (in the frame's px). */
type Hover = { key: string; content: ReactNode; x: number; y: number };

/** Tooltips are kept inside the chart's frame, which clips what sticks out. */
const TOOLTIP_ROOM = { x: 130, y: 100 };

/**
 * The journey as a Sankey diagram in SVG: a column per step, a box per page coloured by its mean
 * emotion, grey boxes for those who left, bands as wide as the participants who moved. A page's
 * box opens its insights; the table under the chart offers the same links to keyboards.
 */
export function JourneySankey({ journey, emotion, height, minWidth, label, onOpenPage }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame, minWidth);
  const [hover, setHover] = useTooltip();
  const gradientId = useId();
  const pages = useMemo(() => new Map(journey.pages.map((page) => [page.id, page])), [journey.pages]);
  const layout = useMemo(
    () => (width === null ? null : layoutSankey(journey, { width, height, labelRoom: LABEL_ROOM })),
    [journey, width, height],
  );
  const range = emotionRange(journey, emotion);
  const colourOf = (node: SankeyNode) =>
    node.pageId === null
      ? LEFT_COLOR
      : emotionShade(emotion, pages.get(node.pageId)?.[emotion] ?? null, range);
  const nameOf = (node: SankeyNode) =>
    node.pageId === null ? 'Left' : (pages.get(node.pageId)?.name ?? 'Page');
  const touches = (link: SankeyLink) => hover?.key === link.source.key || hover?.key === link.target.key;

  const nodeTip = (node: SankeyNode): ReactNode => {
    if (node.pageId === null) return `${node.participants} participants left after step ${node.step}`;
    const value = pages.get(node.pageId)?.[emotion] ?? null;
    return (
      <>
        <strong>{nameOf(node)}</strong>, step {node.step + 1}
        <br />
        {node.participants} participants here
        <br />
        Mean {EMOTION_NAMES[emotion].toLowerCase()}: {value === null ? 'not measured' : formatPercent(value)}
        <br />
        Click to see the page's insights
      </>
    );
  };

  /** One set of pointer handlers for the whole chart: the element under the pointer names itself by data-key. */
  const pointAt = (event: PointerEvent) => {
    const key = (event.target as Element).closest('[data-key]')?.getAttribute('data-key');
    const box = frame.current?.getBoundingClientRect();
    if (!key || !layout || !box) return setHover(null);
    if (key === hover?.key) return;
    const node = layout.nodes.find((n) => n.key === key);
    const link = layout.links.find((l) => l.key === key);
    const content = node
      ? nodeTip(node)
      : link
        ? `${nameOf(link.source)} → ${nameOf(link.target)}: ${link.participants} participants`
        : null;
    if (!content) return setHover(null);
    setHover({ key, content, x: event.clientX - box.left, y: event.clientY - box.top });
  };
  const openPage = (event: MouseEvent) => {
    const pageId = (event.target as Element).closest('[data-page]')?.getAttribute('data-page');
    if (pageId) onOpenPage(Number(pageId));
  };

  return (
    <Box
      ref={frame}
      pos="relative"
      h={height}
      miw={minWidth}
      onPointerOver={pointAt}
      onPointerLeave={() => setHover(null)}
      onClick={openPage}
    >
      {layout && width !== null ? (
        <svg width={width} height={height} role="img" aria-label={label} className={classes.chart}>
          <defs>
            {layout.links.map((link, index) => (
              <linearGradient
                key={link.key}
                id={`${gradientId}-${index}`}
                gradientUnits="userSpaceOnUse"
                x1={link.source.x + NODE_WIDTH}
                x2={link.target.x}
              >
                <stop offset="0" stopColor={colourOf(link.source)} />
                <stop offset="1" stopColor={colourOf(link.target)} />
              </linearGradient>
            ))}
          </defs>
          {layout.links.map((link, index) => (
            <path
              key={link.key}
              data-key={link.key}
              d={link.path}
              fill={`url(#${gradientId}-${index})`}
              className={classes.band}
              data-emphasis={hover ? (touches(link) || hover.key === link.key ? 'on' : 'off') : undefined}
            />
          ))}
          {layout.nodes.map((node) => (
            <g
              key={node.key}
              data-key={node.key}
              data-page={node.pageId ?? undefined}
              className={node.pageId === null ? undefined : classes.page}
            >
              <rect
                x={node.x}
                y={node.y}
                width={NODE_WIDTH}
                height={node.height}
                fill={colourOf(node)}
                stroke={node.pageId === null ? undefined : '#495057'}
                strokeWidth={0.5}
              />
              <text
                x={node.x + NODE_WIDTH + LABEL_PADDING}
                y={node.y + node.height / 2}
                className={classes.label}
              >
                {shortened(nameOf(node), layout.labelWidth)}
              </text>
            </g>
          ))}
        </svg>
      ) : null}
      {hover && width !== null ? <Tip hover={hover} width={width} /> : null}
    </Box>
  );
}

function Tip({ hover, width }: { hover: Hover; width: number }) {
  // above the pointer, or below it near the chart's top edge
  const below = hover.y < TOOLTIP_ROOM.y;
  const shiftX = hover.x < TOOLTIP_ROOM.x ? '-10%' : hover.x > width - TOOLTIP_ROOM.x ? '-90%' : '-50%';
  return (
    <div
      className={classes.tooltip}
      role="tooltip"
      style={{
        left: hover.x,
        top: below ? hover.y + 2 * TOOLTIP.offset : hover.y - TOOLTIP.offset,
        transform: `translate(${shiftX}, ${below ? '0' : '-100%'})`,
      }}
    >
      {hover.content}
    </div>
  );
}

/** The frame's width, at least `minWidth`; null until the frame has been laid out. */
function useWidth(frame: React.RefObject<HTMLDivElement | null>, minWidth: number): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // the observer reports the first size after the layout the browser does anyway: no forced layout here
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.max(minWidth, Math.floor(entry?.contentRect.width ?? 0))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame, minWidth]);
  return width;
}

/** What the pointer is on, shown after the product's tooltip delay and hidden after its close delay. */
function useTooltip(): [Hover | null, (hover: Hover | null) => void] {
  const [hover, setHover] = useState<Hover | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const schedule = (next: Hover | null) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHover(next), next ? TOOLTIP.openDelay : TOOLTIP.closeDelay);
  };
  return [hover, schedule];
}
