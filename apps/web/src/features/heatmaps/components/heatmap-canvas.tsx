import type { Box } from '@limbus/analytics';
import { Box as MantineBox } from '@mantine/core';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { type AreaOfInterest, boxName, normalized } from '../boxes';
import type { Painter } from '../overlays';

type Props = {
  screenshotUrl: string;
  /** Draws the overlay (heatmap, emotion map, gaze plot, scroll reach) in page px; null while it loads. */
  paint: Painter | null;
  /** What the overlay shows, for screen readers. */
  overlayLabel: string;
  boxes: readonly AreaOfInterest[];
  onDrawBox: (box: Box) => void;
  onImageSize: (size: { width: number; height: number }) => void;
};

/**
 * The screenshot with the heatmap over it on a canvas of the page's size (page px, scaled down by
 * CSS), and the areas of interest; dragging on it draws a new area.
 */
export function HeatmapCanvas({ screenshotUrl, paint, overlayLabel, boxes, onDrawBox, onImageSize }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [drawing, setDrawing] = useState<{ from: [number, number]; to: [number, number] } | null>(null);

  useEffect(() => {
    const target = canvas.current;
    const context = target?.getContext('2d');
    if (!target || !context || !size) return;
    target.width = size.width;
    target.height = size.height;
    context.clearRect(0, 0, size.width, size.height);
    paint?.(context, size.width, size.height);
  }, [paint, size]);

  const toPage = (event: PointerEvent<HTMLElement>): [number, number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scale = (size?.width ?? rect.width) / rect.width;
    return [(event.clientX - rect.left) * scale, (event.clientY - rect.top) * scale];
  };
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  const place = (box: Box) =>
    size
      ? {
          left: percent(box.left, size.width),
          top: percent(box.top, size.height),
          width: percent(box.width, size.width),
          height: percent(box.height, size.height),
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
      style={{ cursor: 'crosshair', userSelect: 'none', touchAction: 'none', lineHeight: 0 }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        const at = toPage(event);
        setDrawing({ from: at, to: at });
      }}
      onPointerMove={(event) => {
        const to = toPage(event);
        if (drawing) setDrawing({ ...drawing, to });
      }}
      onPointerUp={() => {
        if (drawn) onDrawBox(drawn);
        setDrawing(null);
      }}
    >
      <img
        src={screenshotUrl}
        alt="Screenshot of the page"
        draggable={false}
        style={{ width: '100%', display: 'block' }}
        onLoad={(event) => {
          const image = event.currentTarget;
          const natural = { width: image.naturalWidth, height: image.naturalHeight };
          setSize(natural);
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
          <MantineBox
            component="span"
            bg="dark"
            c="white"
            px={4}
            fz="xs"
            style={{ position: 'absolute', top: 0, left: 0, lineHeight: 1.6 }}
          >
            {boxName(box)}
          </MantineBox>
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
}
