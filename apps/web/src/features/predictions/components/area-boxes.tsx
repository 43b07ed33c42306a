import { AOI_MIN_WIDTH_PX, type AreaOfInterest } from '@limbus/contract';
import { Box } from '@mantine/core';
import { type PointerEvent, useRef, useState } from 'react';
import { BoxLabel } from '../../../ui/box-label';

type Rect = { left: number; top: number; width: number; height: number };
type Point = { x: number; y: number };

const rectOf = (from: Point, to: Point): Rect => ({
  left: Math.min(from.x, to.x),
  top: Math.min(from.y, to.y),
  width: Math.abs(to.x - from.x),
  height: Math.abs(to.y - from.y),
});

const percentOf = (rect: Rect, width: number, height: number) => ({
  left: `${(rect.left / width) * 100}%`,
  top: `${(rect.top / height) * 100}%`,
  width: `${(rect.width / width) * 100}%`,
  height: `${(rect.height / height) * 100}%`,
});

/**
 * The boxes over the screenshot, and drawing a new one with the pointer (in image px). Spec 3 §4:
 * a box is kept only when wider than 5 px.
 */
export function AreaBoxes({
  areas,
  imageWidth,
  imageHeight,
  canDraw,
  onDraw,
}: {
  areas: AreaOfInterest[];
  imageWidth: number;
  imageHeight: number;
  canDraw: boolean;
  onDraw: (rect: Rect) => void;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<Point | null>(null);
  const [current, setCurrent] = useState<Point | null>(null);

  const pointOf = (event: PointerEvent): Point => {
    const bounds = layer.current?.getBoundingClientRect();
    if (!bounds) return { x: 0, y: 0 };
    const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
    return {
      x: clamp(((event.clientX - bounds.left) / bounds.width) * imageWidth, imageWidth),
      y: clamp(((event.clientY - bounds.top) / bounds.height) * imageHeight, imageHeight),
    };
  };

  const finish = () => {
    if (start && current) {
      const rect = rectOf(start, current);
      if (rect.width > AOI_MIN_WIDTH_PX) onDraw(rect);
    }
    setStart(null);
    setCurrent(null);
  };

  const drawing = start && current ? rectOf(start, current) : null;
  return (
    <Box
      ref={layer}
      pos="absolute"
      inset={0}
      style={{ cursor: canDraw ? 'crosshair' : 'default', touchAction: 'none' }}
      data-testid="area-layer"
      onPointerDown={(event) => {
        if (!canDraw) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        setStart(pointOf(event));
        setCurrent(pointOf(event));
      }}
      onPointerMove={(event) => start && setCurrent(pointOf(event))}
      onPointerUp={finish}
    >
      {areas.map((area) => (
        <Box
          key={area.id}
          pos="absolute"
          style={{
            ...percentOf(area, imageWidth, imageHeight),
            border: '2px solid var(--mantine-color-blue-6)',
            pointerEvents: 'none',
          }}
        >
          <BoxLabel>{area.name}</BoxLabel>
        </Box>
      ))}
      {drawing ? (
        <Box
          pos="absolute"
          style={{
            ...percentOf(drawing, imageWidth, imageHeight),
            border: '2px dashed var(--mantine-color-blue-6)',
            pointerEvents: 'none',
          }}
        />
      ) : null}
    </Box>
  );
}
