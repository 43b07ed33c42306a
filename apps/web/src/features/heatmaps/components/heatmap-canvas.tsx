import type { Box } from '@limbus/analytics';
import { Box as MantineBox } from '@mantine/core';
import { memo, type PointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { BoxLabel } from '../../../ui/box-label';
import type { Painter } from '../../../ui/heatmap-png';
import { type AreaOfInterest, boxName, normalized } from '../boxes';
import { shownSource, viewportDeviceWidth } from '../screenshot-source';

type Props = {
  screenshotUrl: string;
  /** The screenshot's size as stored: its place is kept while it loads (no layout shift). */
  screenshotSize: { width: number; height: number } | null;
  /** Draws the overlay (heatmap, emotion map, gaze plot, scroll reach) in page px; null while it loads. */
  paint: Painter | null;
  /** What the overlay shows, for screen readers. */
  overlayLabel: string;
  boxes: readonly AreaOfInterest[];
  /** Drawing a new area by dragging; without it, the canvas only shows. */
  onDrawBox?: (box: Box) => void;
  onImageSize: (size: { width: number; height: number }) => void;
};

/** Canvas widths are rounded up to this many device px, so that small resizes draw nothing again. */
const WIDTH_STEP = 128;

/**
 * The device px width the element is shown at, rounded up to WIDTH_STEP; null until measured,
 * 0 where it cannot be (no ResizeObserver: draw at the page's size).
 */
function useShownWidth(element: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') {
      setWidth(0);
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      const device = (entry?.contentRect.width ?? 0) * (window.devicePixelRatio || 1);
      setWidth(device > 0 ? Math.ceil(device / WIDTH_STEP) * WIDTH_STEP : 0);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The screenshot with the heatmap over it on a canvas laid over it (painted in page px, held at
 * the resolution it is shown at), and the areas of interest; dragging on it draws a new area.
 */
export const HeatmapCanvas = memo(function HeatmapCanvas({
  screenshotUrl,
  screenshotSize,
  paint,
  overlayLabel,
  boxes,
  onDrawBox,
  onImageSize,
}: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [loadedSize, setLoadedSize] = useState<{ width: number; height: number } | null>(null);
  const size = loadedSize ?? screenshotSize;
  const [drawing, setDrawing] = useState<{ from: [number, number]; to: [number, number] } | null>(null);

  const shownWidth = useShownWidth(canvas);

  useEffect(() => {
    const target = canvas.current;
    const context = target?.getContext('2d');
    if (!target || !context || !size || shownWidth === null) return;
    // The canvas holds the pixels shown, not the page's: a 1920 × 2210 page on a phone is drawn
    // on some 660 × 760, a ninth of the pixels to fill and hand to the compositor. The painters
    // still draw in page px.
    const scale = shownWidth > 0 ? Math.min(1, shownWidth / size.width) : 1;
    target.width = Math.max(1, Math.round(size.width * scale));
    target.height = Math.max(1, Math.round(size.height * scale));
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.clearRect(0, 0, size.width, size.height);
    paint?.(context, size.width, size.height);
  }, [paint, size, shownWidth]);

  const toPage = (event: PointerEvent<HTMLElement>): [number, number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scale = (size?.width ?? rect.width) / rect.width;
    return [(event.clientX - rect.left) * scale, (event.clientY - rect.top) * scale];
  };
  const cssPercent = (value: number, of: number) => `${(value / of) * 100}%`;
  const place = (box: Box) =>
    size
      ? {
          left: cssPercent(box.left, size.width),
          top: cssPercent(box.top, size.height),
          width: cssPercent(box.width, size.width),
          height: cssPercent(box.height, size.height),
        }
      : {};
  const drawn = drawing
    ? normalized({
        left: drawing.from[0],
        top: drawing.from[1],
        width: drawing.to[0] - drawing.from[0],
        height: drawing.to[1] - drawing.from[1],
      })
    : null;

  return (
    <MantineBox
      pos="relative"
      style={
        onDrawBox
          ? { cursor: 'crosshair', userSelect: 'none', touchAction: 'none', lineHeight: 0 }
          : { lineHeight: 0 }
      }
      {...(onDrawBox && {
        onPointerDown: (event: PointerEvent<HTMLElement>) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          const at = toPage(event);
          setDrawing({ from: at, to: at });
        },
        onPointerMove: (event: PointerEvent<HTMLElement>) => {
          const to = toPage(event);
          if (drawing) setDrawing({ ...drawing, to });
        },
        onPointerUp: () => {
          if (drawn) onDrawBox(drawn);
          setDrawing(null);
        },
      })}
    >
      <img
        src={shownSource(screenshotUrl, screenshotSize, viewportDeviceWidth())}
        alt="Screenshot of the page"
        draggable={false}
        width={screenshotSize?.width}
        height={screenshotSize?.height}
        style={{ width: '100%', height: 'auto', display: 'block' }}
        onLoad={(event) => {
          // A stored size is the page's (a smaller copy may be shown); else the image tells it.
          if (screenshotSize) return;
          const image = event.currentTarget;
          const natural = { width: image.naturalWidth, height: image.naturalHeight };
          setLoadedSize(natural);
          onImageSize(natural);
        }}
      />
      <canvas
        ref={canvas}
        data-testid="heatmap-canvas"
        role="img"
        aria-label={overlayLabel}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0.75 }}
      />
      {boxes.map((box) => (
        <MantineBox
          key={box.id}
          pos="absolute"
          style={{
            ...place(box),
            border: '2px solid #fff',
            outline: '1px solid #000',
            pointerEvents: 'none',
          }}
        >
          <BoxLabel>{boxName(box)}</BoxLabel>
        </MantineBox>
      ))}
      {drawn ? (
        <MantineBox
          pos="absolute"
          style={{ ...place(drawn), border: '2px dashed #fff', pointerEvents: 'none' }}
        />
      ) : null}
    </MantineBox>
  );
});
