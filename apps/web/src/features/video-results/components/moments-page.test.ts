import { describe, expect, it } from 'vitest';
import { bubbleChart } from './moments-page';

describe('the moments chart (issue 26, units)', () => {
  it("names its time axis for what its mm:ss labels are, not with a dangling 's'", () => {
    const { xAxis } = bubbleChart([{ id: 1, emotion: 'joy', start_ms: 65_000, end_ms: 67_000 }], 90_000);
    expect(xAxis.name).toBe('Time in the video (mm:ss)');
    expect(xAxis.name).not.toBe('s');
    expect(xAxis.axisLabel.formatter(65)).toBe('01:05');
    expect(xAxis.max).toBe(90);
  });

  it('leaves out time labels that would overlap (a phone: they ran into each other)', () => {
    expect(bubbleChart([], 30_000).xAxis.axisLabel.hideOverlap).toBe(true);
  });
});
