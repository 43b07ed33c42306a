import type { HeatmapPoints } from '@limbus/contract';
import { useMemo, useState } from 'react';
import { useDensity } from '../density/use-density';
import { densityPainter } from '../overlays';
import { HeatmapCanvas } from './heatmap-canvas';

type Size = { width: number; height: number };
const NO_BOXES = [] as const;

type Props = {
  screenshotUrl: string;
  /** The screenshot's size as stored, or null (then the image tells it). */
  screenshotSize: Size | null;
  /** The page's gaze points; the screenshot shows alone until they arrive. */
  points: HeatmapPoints | undefined;
  /** What the heatmap shows, for screen readers. */
  label: string;
};

/** A page's screenshot with the gaze heatmap over it, to look at only (no areas, no controls). */
export function GazeHeatmap({ screenshotUrl, screenshotSize, points, label }: Props) {
  const [loadedSize, setLoadedSize] = useState<Size | null>(null);
  const density = useDensity(points, loadedSize ?? screenshotSize);
  const paint = useMemo(() => (density ? densityPainter(density) : null), [density]);
  return (
    <HeatmapCanvas
      screenshotUrl={screenshotUrl}
      screenshotSize={screenshotSize}
      paint={paint}
      overlayLabel={label}
      boxes={NO_BOXES}
      onImageSize={setLoadedSize}
    />
  );
}
