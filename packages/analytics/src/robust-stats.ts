/**
 * Scratch for medians: grown to the largest count seen and reused, so that the detector's medians
 * (several a recording, up to 32k values each) allocate nothing per call. Single-threaded: a
 * median is taken before the next one fills it.
 */
let scratch = new Float64Array(1 << 12);

/** The scratch buffer with room for at least `count` values. */
export function medianScratch(count: number): Float64Array {
  if (scratch.length < count) scratch = new Float64Array(Math.max(count, 2 * scratch.length));
  return scratch;
}

/**
 * Median of the finite values (NaN skipped), by quickselect (Hoare) on a copy in the shared
 * scratch buffer: expected O(n). NaN when there are none; the mean of the two middle values for an
 * even count.
 */
export function median(values: ArrayLike<number>): number {
  const a = medianScratch(values.length);
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isFinite(v)) a[count++] = v;
  }
  return medianInPlace(a, count);
}

/**
 * Median of a[0] … a[count − 1] (all finite), overwriting them: no copy, no allocation.
 * NaN when count is 0; the mean of the two middle values for an even count.
 */
export function medianInPlace(a: Float64Array, count: number): number {
  if (count === 0) return Number.NaN;
  middle(a, count);
  return count % 2 === 1 ? upperMiddle : (lowerMiddle + upperMiddle) / 2;
}

/**
 * Median of the squares of a[0] … a[count − 1] (all finite and ≥ 0, so that squaring keeps their
 * order), overwriting them: the middle values squared, the same numbers as the median of a copy of
 * squares. NaN when count is 0.
 */
export function medianOfSquaresInPlace(a: Float64Array, count: number): number {
  if (count === 0) return Number.NaN;
  middle(a, count);
  return count % 2 === 1
    ? upperMiddle * upperMiddle
    : (lowerMiddle * lowerMiddle + upperMiddle * upperMiddle) / 2;
}

/** Median absolute deviation from `center` over the finite values; O(n) expected. */
export function medianAbsoluteDeviation(values: ArrayLike<number>, center: number): number {
  const d = medianScratch(values.length);
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = Math.abs((values[i] as number) - center);
    if (Number.isFinite(v)) d[count++] = v;
  }
  return medianInPlace(d, count);
}

/** The middle values {@link middle} found: ranks ⌊count ÷ 2⌋ and the one below it. */
let upperMiddle = Number.NaN;
let lowerMiddle = Number.NaN;
const MAX_BUCKETS = 2048;
const MIN_BUCKETS = 32;
const bucketCounts = new Int32Array(MAX_BUCKETS);
/** Below this many values quickselect is as fast as another bucket pass. */
const SMALL = 256;

/**
 * Sets upperMiddle to the value of rank ⌊count ÷ 2⌋ of a[0] … a[count − 1] (count ≥ 1, finite
 * values) and lowerMiddle to the value of the rank below it (for even counts), overwriting a.
 * Bucket select: the values are counted into up to 2,048 buckets of equal width between their minimum
 * and maximum (value → bucket is monotone, so buckets keep the order), the bucket holding the rank
 * is kept, moved to the front, and counted again, until it is small or constant; then
 * quickselect. Each round is two branch-light passes, about three times faster than quickselect's
 * partitioning on the same values; the result is the same number (a rank's value is unique).
 */
function middle(a: Float64Array, count: number): void {
  let n = count;
  let k = count >> 1;
  // The rank below k lies in an earlier bucket once k is the first of its bucket: their maximum.
  let lower = Number.NEGATIVE_INFINITY;
  let isLowerKnown = count % 2 === 1;
  for (let round = 0; round < 8 && n > SMALL; round++) {
    let lo = a[0] as number;
    let hi = lo;
    for (let i = 1; i < n; i++) {
      const v = a[i] as number;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (lo === hi) {
      upperMiddle = lo;
      lowerMiddle = isLowerKnown ? lower : lo;
      return;
    }
    // About eight values a bucket when spread evenly: fewer buckets to clear and scan for few values.
    const buckets = Math.min(MAX_BUCKETS, Math.max(MIN_BUCKETS, n >> 3));
    const scale = buckets / (hi - lo);
    if (!(scale < Number.POSITIVE_INFINITY)) break;
    bucketCounts.fill(0, 0, buckets);
    for (let i = 0; i < n; i++) {
      const b = Math.min(buckets - 1, ((a[i] as number) - lo) * scale) | 0;
      bucketCounts[b] = (bucketCounts[b] as number) + 1;
    }
    let bucket = 0;
    let before = 0;
    while (before + (bucketCounts[bucket] as number) <= k) before += bucketCounts[bucket++] as number;
    let kept = 0;
    let below = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const v = a[i] as number;
      const b = Math.min(buckets - 1, (v - lo) * scale) | 0;
      if (b === bucket) a[kept++] = v;
      else if (b < bucket && v > below) below = v;
    }
    k -= before;
    n = kept;
    if (!isLowerKnown && k === 0) {
      lower = below;
      isLowerKnown = true;
    }
  }
  upperMiddle = select(a, n, k);
  if (!isLowerKnown) {
    lower = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < k; i++) if ((a[i] as number) > lower) lower = a[i] as number;
  }
  lowerMiddle = lower;
}

/**
 * Puts the k-th smallest of a[0] … a[count − 1] at index k (partially sorting them) and returns
 * it. The pivot is the median of the first, middle and last values, which keeps sorted and
 * nearly constant input linear.
 */
function select(a: Float64Array, count: number, k: number): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    const p0 = a[lo] as number;
    const p1 = a[m] as number;
    const p2 = a[hi] as number;
    const pivot = Math.max(Math.min(p0, p1), Math.min(Math.max(p0, p1), p2));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const tmp = a[i] as number;
        a[i] = a[j] as number;
        a[j] = tmp;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k] as number;
}
