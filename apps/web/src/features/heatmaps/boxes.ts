import { attentionShareInBox, type Box, type DensityGrid, MIN_BOX_WIDTH_PX } from '@limbus/analytics';
import { formatPercent } from '../../ui/format';
import type { LabelledBox } from '../../ui/heatmap-png';

/** An area of interest drawn on a heatmap (page px); `label` is what the user typed, '' for none. */
export type AreaOfInterest = Box & { id: number; label: string };

/** Spec 3 §9: boxes are named 'Box {n}' by their number. */
export const defaultBoxName = (box: Pick<AreaOfInterest, 'id'>) => `Box ${box.id}`;
/** Clearing a label restores the default name. */
export const boxName = (box: AreaOfInterest) => box.label.trim() || defaultBoxName(box);

/** Keeps a drawn box only if wider than 5 px (spec 3 §2), numbered after the last one. */
export function addBox(boxes: readonly AreaOfInterest[], drawn: Box): AreaOfInterest[] {
  const box = normalized(drawn);
  if (!(box.width > MIN_BOX_WIDTH_PX)) return [...boxes];
  const id = Math.max(0, ...boxes.map((existing) => existing.id)) + 1;
  return [...boxes, { ...box, id, label: '' }];
}

/** A box dragged in any direction, with a positive width and height. */
export function normalized(box: Box): Box {
  return {
    left: Math.min(box.left, box.left + box.width),
    top: Math.min(box.top, box.top + box.height),
    width: Math.abs(box.width),
    height: Math.abs(box.height),
  };
}

/** Share of attention in the box as a whole percent, rounded down (spec 3 §9): '75 %'. */
export function attentionPercent(grid: DensityGrid, box: Box): string {
  return formatPercent(attentionShareInBox(grid, box) ?? 0, { rounding: 'down' });
}

/** The gaze side's boxes: their name and, over a density, their share of it. */
export const gazeBoxLabels = (grid: DensityGrid | null, boxes: readonly AreaOfInterest[]): LabelledBox[] =>
  boxes.map((box) => ({
    ...box,
    label: grid ? `${boxName(box)}: ${attentionPercent(grid, box)}` : boxName(box),
  }));
