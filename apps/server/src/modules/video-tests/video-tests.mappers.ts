/** A stored spread or fluency series as points in epoch ms, from the video participant's start. */
export function toVideoSeriesPoints(
  series: { stepMs: number; values: (number | null)[] },
  startMs: number,
): { timestamp: number; value: number | null }[] {
  return series.values.map((value, k) => ({ timestamp: startMs + k * series.stepMs, value }));
}
