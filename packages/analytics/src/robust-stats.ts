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
  const lowest = count % 2 === 1 ? k : k - 1;
  if (count < RADIX_MIN) middleOfRanks(a, count, lowest, k);
  else middleByRadix(a, count, lowest, k);
}

/** Below this many values a selection alone is as fast. */
const RADIX_MIN = 256;
/** Index of a double's high 32 bits (sign, exponent, top of the mantissa) in an Int32Array view. */
const HIGH_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
/** Zero between calls (each clears the slots it used). */
const histogram = new Uint32Array(1 << 16);
/** The sign bit: set on non-negative keys, so that they sort above the negative ones. */
const SIGN = 1 << 31;
let bucket = new Float64Array(1 << 12);
let bucketWords = new Int32Array(bucket.buffer);

/**
 * The middle values by radix selection on the high 32 bits of the doubles, made order-preserving
 * (negative values with every bit flipped, others with the sign bit set): a histogram of the top
 * 12–16 bits (sign, exponent and the top of the mantissa) finds the slot of the middle ranks; its
 * values are copied out and a histogram of the next bits narrows them to a few, among which a
 * selection finds the exact ranks. The passes have no data-dependent branch, where a partition's
 * comparisons go either way at random on real data. Leaves a in its order.
 */
function middleByRadix(a: Float64Array, count: number, lowest: number, k: number): void {
  // Like the scratch: shared up to SHARED_MAX values, its own for a longer median.
  if (count > SHARED_MAX) {
    bucket = new Float64Array(count);
    bucketWords = new Int32Array(bucket.buffer);
  } else if (bucket.length < count || bucket.length > SHARED_MAX) {
    bucket = new Float64Array(Math.min(SHARED_MAX, Math.max(count, 2 * bucket.length)));
    bucketWords = new Int32Array(bucket.buffer);
  }
  const words = new Int32Array(a.buffer, a.byteOffset, 2 * count);
  // Sign, exponent and a few mantissa bits: more slots for more values (2¹² to 2¹⁶).
  const coarseBits = digitBits(count, 12, 16);
  const coarseShift = 32 - coarseBits;
  const coarse = narrowToBucket(words, a, count, coarseShift, (1 << coarseBits) - 1, lowest, k, bucket);
  let m = coarse.count;
  let below = coarse.below;
  if (coarse.isOneBucket) {
    // The next bits, about as many digits as values left: one value a digit or so.
    const bits = digitBits(m, 4, 12);
    const fine = narrowToBucket(
      bucketWords,
      bucket,
      m,
      coarseShift - bits,
      (1 << bits) - 1,
      lowest - below,
      k - below,
      bucket,
    );
    m = fine.count;
    below += fine.below;
  }
  middleOfRanks(bucket, m, lowest - below, k - below);
}

/** ⌊log₂ count⌋ within [min, max]: bits of a digit for about one value a histogram slot. */
const digitBits = (count: number, min: number, max: number) =>
  Math.min(max, Math.max(min, 31 - Math.clz32(count)));

/**
 * Copies into `out` the values of a[0 … count − 1] whose digit ((key >>> shift) & mask) lies
 * between the digits holding ranks `lowest` and `k`, and answers how many it copied, how many
 * values are below them, and whether the two ranks share a digit. `out` may be a itself.
 */
function narrowToBucket(
  words: Int32Array,
  a: Float64Array,
  count: number,
  shift: number,
  mask: number,
  lowest: number,
  k: number,
  out: Float64Array,
): { count: number; below: number; isOneBucket: boolean } {
  // The histogram is all zeros between calls: only the slots used are cleared after.
  let minDigit = mask;
  let maxDigit = 0;
  for (let i = 0; i < count; i++) {
    const high = words[2 * i + HIGH_WORD] as number;
    const d = ((high ^ ((high >> 31) | SIGN)) >>> shift) & mask;
    histogram[d] = (histogram[d] as number) + 1;
    minDigit = Math.min(minDigit, d);
    maxDigit = Math.max(maxDigit, d);
  }
  let digit = minDigit;
  let below = 0;
  while (below + (histogram[digit] as number) <= lowest) below += histogram[digit++] as number;
  const first = digit;
  let through = below + (histogram[digit] as number);
  while (through <= k) through += histogram[++digit] ?? 0;
  const last = digit;
  histogram.fill(0, minDigit, maxDigit + 1);
  let m = 0;
  for (let i = 0; i < count; i++) {
    const high = words[2 * i + HIGH_WORD] as number;
    const d = ((high ^ ((high >> 31) | SIGN)) >>> shift) & mask;
    out[m] = a[i] as number;
    // 1 when first ≤ d ≤ last (neither difference negative), without a branch.
    m += ~((d - first) | (last - d)) >>> 31;
  }
  return { count: m, below, isOneBucket: first === last };
}

/** Sets upperMiddle to rank k of a[0 … count − 1] and lowerMiddle to rank `lowest` (k or k − 1). */
function middleOfRanks(a: Float64Array, count: number, lowest: number, k: number): void {
  upperMiddle = select(a, count, k);
  if (lowest === k) return;
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
