/**
 * Scratch for medians, reused so that the detector's medians (several a recording; its subsamples
 * of "at most 32k" reach 64k pairs, two axes in one buffer) allocate nothing per call. Single-threaded: a median is taken before the next one fills
 * it. Larger counts get an array of their own, so that one long median does not keep its memory.
 */
const SHARED_MAX = 1 << 17;
let scratch = new Float64Array(1 << 12);

/** A buffer with room for at least `count` values: the shared scratch when it is small enough. */
export function medianScratch(count: number): Float64Array {
  if (count > SHARED_MAX) return new Float64Array(count);
  if (scratch.length < count)
    scratch = new Float64Array(Math.min(SHARED_MAX, Math.max(count, 2 * scratch.length)));
  return scratch;
}

/**
 * Median of the finite values (NaN skipped), by selection on a copy in the shared scratch buffer
 * ({@link medianScratch}): expected O(n). NaN when there are none; the mean of the two middle values for an
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
 * Puts the k-th smallest of a[0] … a[count − 1] at index k, the smaller ones before it, and returns
 * it: Floyd–Rivest selection (1975), which partitions around pivots picked from a sample so that
 * the part left holds little more than the rank: about 1.5 n comparisons for a median against
 * quickselect's 2–3 n.
 */
function select(a: Float64Array, count: number, k: number): number {
  floydRivest(a, k, 0, count - 1);
  return a[k] as number;
}

function floydRivest(a: Float64Array, k: number, from: number, to: number): void {
  let left = from;
  let right = to;
  while (right > left) {
    if (right - left > 600) {
      // Narrow to a range around the rank from a sample's statistics first.
      const n = right - left + 1;
      const m = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      const newLeft = Math.max(left, Math.floor(k - (m * s) / n + sd));
      const newRight = Math.min(right, Math.floor(k + ((n - m) * s) / n + sd));
      floydRivest(a, k, newLeft, newRight);
    }
    const pivot = a[k] as number;
    let i = left;
    let j = right;
    swap(a, left, k);
    if ((a[right] as number) > pivot) swap(a, left, right);
    while (i < j) {
      swap(a, i, j);
      i++;
      j--;
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
    }
    if (a[left] === pivot) swap(a, left, j);
    else {
      j++;
      swap(a, j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const tmp = a[i] as number;
  a[i] = a[j] as number;
  a[j] = tmp;
}
