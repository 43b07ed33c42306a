import { densityGrid } from '@limbus/analytics';
import { describe, expect, it } from 'vitest';
import { addBox, attentionPercent, boxName } from './boxes';

describe('areas of interest', () => {
  it('keeps boxes wider than 5 px, numbers them and restores the name when cleared', () => {
    let boxes = addBox([], { left: 10, top: 10, width: 5, height: 50 });
    expect(boxes).toEqual([]);
    boxes = addBox(boxes, { left: 100, top: 100, width: -60, height: -20 });
    boxes = addBox(boxes, { left: 0, top: 0, width: 6, height: 6 });
    expect(boxes.map(boxName)).toEqual(['Box 1', 'Box 2']);
    expect(boxes[0]).toMatchObject({ left: 40, top: 80, width: 60, height: 20 });
    const renamed = { ...(boxes[0] as (typeof boxes)[number]), label: '  ' };
    expect(boxName(renamed)).toBe('Box 1');
    expect(boxName({ ...renamed, label: 'Hero' })).toBe('Hero');
  });

  it('shows the share of attention rounded down to a whole percent', () => {
    const x = [202, 202, 202, 802];
    const y = [202, 202, 202, 802];
    const grid = densityGrid({ x, y }, 1000, 1000, { sigmaPx: 1, cellPx: 4 });
    expect(attentionPercent(grid, { left: 0, top: 0, width: 500, height: 500 })).toBe('75 %');
    expect(attentionPercent(grid, { left: 0, top: 0, width: 1000, height: 1000 })).toBe('100 %');
  });
});
