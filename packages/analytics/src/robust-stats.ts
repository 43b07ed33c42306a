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
 * Median of a[0] … a[count − 1] (all finite), reordering them: no copy, no allocation.
 * NaN when count is 0; the mean of the two middle values for an even count.
 */
export function medianInPlace(a: Float64Array, count: number): number {
  if (count === 0) return Number.NaN;
  middle(a, count);
  return count % 2 === 1 ? upperMiddle : (lowerMiddle + upperMiddle) / 2;
}

/**
 * Median of the squares of a[0] … a[count − 1] (all finite and ≥ 0, so that squaring keeps their
 * order), reordering them: the middle values squared, the same numbers as the median of a copy of
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

/**
 * Sets upperMiddle to the value of rank ⌊count ÷ 2⌋ of a[0] … a[count − 1] (count ≥ 1, finite
 * values) and lowerMiddle to the value of the rank below it (for even counts), reordering a.
 */
function middle(a: Float64Array, count: number): void {
  const k = count >> 1;
  upperMiddle = select(a, count, k);
  if (count % 2 === 1) return;
  // After selecting k, everything left of it is ≤ it: the lower middle is their maximum.
  let lower = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < k; i++) if ((a[i] as number) > lower) lower = a[i] as number;
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
