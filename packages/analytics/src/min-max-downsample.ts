/** Rows of a chart thinned by `downsampleMinMax`: times and each column, of one length. */
export type DownsampledColumns = { time: number[]; columns: number[][] };

/**
 * Thins columns that share one time axis to at most `maxPoints` rows for a chart, keeping every
 * column's peaks and dips (min/max per bucket, DESIGN §3; LTTB alone drops peaks).
 *
 * Method: the span from the first to the last time is cut into ⌊maxPoints / 2⌋ buckets of equal
 * duration (a bucket is about one pixel of a chart that wide). A bucket with one row keeps it; a
 * bucket with more gives two rows, at its first and its last row's time, and each column puts its
 * minimum and its maximum in those two rows in the order they occur in the bucket. Empty buckets
 * (gaps in the recording) give nothing. Every column's overall minimum and maximum survive, and
 * the times stay in order. With no more rows than `maxPoints`, the rows are answered unchanged.
 *
 * Units are the caller's (for emotions: seconds and scores 0–1). `time` is ascending; every
 * column has its length. Linear in the number of rows.
 */
export function downsampleMinMax(
  time: ArrayLike<number>,
  columns: readonly ArrayLike<number>[],
  maxPoints: number,
): DownsampledColumns {
  const n = time.length;
  if (n <= Math.max(maxPoints, 2)) {
    return { time: Array.from(time), columns: columns.map((column) => Array.from(column)) };
  }
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const first = time[0] as number;
  const span = (time[n - 1] as number) - first;
  const out: DownsampledColumns = { time: [], columns: columns.map(() => []) };
  let start = 0;
  for (let bucket = 0; bucket < buckets && start < n; bucket++) {
    const limit = bucket === buckets - 1 ? Number.POSITIVE_INFINITY : first + (span * (bucket + 1)) / buckets;
    let end = start;
    while (end < n && (time[end] as number) < limit) end++;
    if (end === start) continue;
    pushBucket(time, columns, start, end, out);
    start = end;
  }
  return out;
}

/** Rows `from` ≤ i < `to` as one row (a single one) or two (each column's min and max, in order). */
function pushBucket(
  time: ArrayLike<number>,
  columns: readonly ArrayLike<number>[],
  from: number,
  to: number,
  out: DownsampledColumns,
): void {
  if (to - from === 1) {
    out.time.push(time[from] as number);
    columns.forEach((column, c) => {
      out.columns[c]?.push(column[from] as number);
    });
    return;
  }
  out.time.push(time[from] as number, time[to - 1] as number);
  columns.forEach((column, c) => {
    let lowest = from;
    let highest = from;
    for (let i = from + 1; i < to; i++) {
      if ((column[i] as number) < (column[lowest] as number)) lowest = i;
      if ((column[i] as number) > (column[highest] as number)) highest = i;
    }
    const [a, b] = lowest <= highest ? [lowest, highest] : [highest, lowest];
    out.columns[c]?.push(column[a] as number, column[b] as number);
  });
}
