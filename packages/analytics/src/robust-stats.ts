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
  return middleMedian(count);
}

/**
 * Median of the squares of a[0] … a[count − 1] (all finite and ≥ 0, so that squaring keeps their
 * order), reordering them: the middle values squared, the same numbers as the median of a copy of
 * squares. NaN when count is 0.
 */
export function medianOfSquaresInPlace(a: Float64Array, count: number): number {
  if (count === 0) return Number.NaN;
  middle(a, count);
  return middleMedianOfSquares(count);
}

/** At most this many distinct values for {@link medianOfFewDistinct}. */
const FEW_DISTINCT = 8;
const distinctValues = new Float64Array(FEW_DISTINCT);
const distinctCounts = new Float64Array(FEW_DISTINCT);

/**
 * Median of a[0] … a[count − 1] (all finite) from the counts of their distinct values, when there
 * are at most 8 (a tracker's intervals: one period, a few roundings of it), else NaN (and NaN when
 * count is 0): the number {@link medianInPlace} gives, without a selection (whose partitions do
 * much work among many equal values). Leaves a as it is.
 */
export function medianOfFewDistinct(a: Float64Array, count: number): number {
  if (count === 0) return Number.NaN;
  // One value throughout (the common case) in a loop with nothing to count.
  const first = a[0] as number;
  let same = 1;
  while (same < count && a[same] === first) same++;
  if (same === count) return first;
  distinctValues[0] = first;
  distinctCounts[0] = same;
  let distinct = 1;
  for (let i = same; i < count; i++) {
    const v = a[i] as number;
    let j = 0;
    while (j < distinct && distinctValues[j] !== v) j++;
    if (j === distinct) {
      if (distinct === FEW_DISTINCT) return Number.NaN;
      distinctValues[distinct] = v;
      distinctCounts[distinct++] = 0;
    }
    distinctCounts[j] = (distinctCounts[j] as number) + 1;
  }
  sortDistinct(distinct);
  const k = count >> 1;
  const lowest = count % 2 === 1 ? k : k - 1;
  let j = 0;
  let through = distinctCounts[0] as number; // values up to and including distinctValues[j]
  while (through <= lowest) through += distinctCounts[++j] as number;
  const lower = distinctValues[j] as number;
  while (through <= k) through += distinctCounts[++j] as number;
  const upper = distinctValues[j] as number;
  return count % 2 === 1 || lower === upper ? upper : (lower + upper) / 2;
}

/** Sorts the first `distinct` distinct values ascending, their counts along (insertion sort). */
function sortDistinct(distinct: number): void {
  for (let i = 1; i < distinct; i++) {
    const value = distinctValues[i] as number;
    const count = distinctCounts[i] as number;
    let j = i;
    for (; j > 0 && (distinctValues[j - 1] as number) > value; j--) {
      distinctValues[j] = distinctValues[j - 1] as number;
      distinctCounts[j] = distinctCounts[j - 1] as number;
    }
    distinctValues[j] = value;
    distinctCounts[j] = count;
  }
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
const absHistogram = new Uint32Array(1 << 16);
/** The sign bit: set on non-negative keys, so that they sort above the negative ones. */
const SIGN = 1 << 31;
let bucket = new Float64Array(1 << 12);
let bucketWords = new Int32Array(bucket.buffer);
let absBucket = new Float64Array(1 << 12);
let absBucketWords = new Int32Array(absBucket.buffer);

/**
 * The middle values by radix selection on the high 32 bits of the doubles, made order-preserving
 * (negative values with every bit flipped, others with the sign bit set): a histogram of the top
 * 12–16 bits (sign, exponent and the top of the mantissa) finds the slot of the middle ranks; its
 * values are copied out and a histogram of the next bits narrows them to a few, among which a
 * selection finds the exact ranks. The passes have no data-dependent branch, where a partition's
 * comparisons go either way at random on real data. Leaves a in its order.
 */
function middleByRadix(a: Float64Array, count: number, lowest: number, k: number): void {
  ensureBuckets(count);
  const out = bucket;
  const outWords = bucketWords;
  const words = new Int32Array(a.buffer, a.byteOffset, 2 * count);
  const shift = coarseShift(count);
  const coarse = narrowToBucket(words, a, count, shift, (1 << (32 - shift)) - 1, lowest, k, out);
  middleOfBucket(out, outWords, coarse.count, coarse.below, coarse.isOneBucket, shift, lowest, k);
}

/** Sign, exponent and a few mantissa bits: more histogram slots for more values (2¹² to 2¹⁶). */
const coarseShift = (count: number) => 32 - digitBits(count, 12, 16);

/**
 * Makes the buffers for the values a coarse pass keeps (bucket, absBucket and their word views)
 * hold `count` values: like the scratch, shared up to SHARED_MAX values, their own for a longer
 * median. Read as module variables after the call: a returned tuple, destructured, deoptimised
 * its caller on about one call in thirty (no type feedback for the iteration).
 */
function ensureBuckets(count: number): void {
  if (count > SHARED_MAX || bucket.length < count || bucket.length > SHARED_MAX) {
    const size = count > SHARED_MAX ? count : Math.min(SHARED_MAX, Math.max(count, 2 * bucket.length));
    bucket = new Float64Array(size);
    bucketWords = new Int32Array(bucket.buffer);
    absBucket = new Float64Array(size);
    absBucketWords = new Int32Array(absBucket.buffer);
  }
}

/**
 * Sets the middle values from the m values a coarse pass kept in `out` (`below` of them under
 * its digits): narrowed again by the next bits when both ranks fell in one coarse digit, then
 * selected among the few left.
 */
function middleOfBucket(
  out: Float64Array,
  outWords: Int32Array,
  kept: number,
  below: number,
  isOneBucket: boolean,
  shift: number,
  lowest: number,
  k: number,
): void {
  let m = kept;
  let under = below;
  if (isOneBucket) {
    // The next bits, about as many digits as values left: one value a digit or so.
    const bits = digitBits(m, 4, 12);
    const fine = narrowToBucket(
      outWords,
      out,
      m,
      shift - bits,
      (1 << bits) - 1,
      lowest - under,
      k - under,
      out,
    );
    m = fine.count;
    under += fine.below;
  }
  middleOfRanks(out, m, lowest - under, k - under);
}

/** The median of the middle values {@link middle} found. */
const middleMedian = (count: number) => (count % 2 === 1 ? upperMiddle : (lowerMiddle + upperMiddle) / 2);
/** The median of the squares of the middle values (all ≥ 0) {@link middle} found. */
const middleMedianOfSquares = (count: number) =>
  count % 2 === 1 ? upperMiddle * upperMiddle : (lowerMiddle * lowerMiddle + upperMiddle * upperMiddle) / 2;

/**
 * The median of a[0] … a[count − 1] (all finite) and the median of their squares (the middle
 * absolute values squared): the numbers of {@link medianInPlace} on a and of
 * {@link medianOfSquaresInPlace} on their absolute values, from one histogram pass and one copy
 * pass for both. May reorder a and replace it by its absolute values. NaN for both when count is 0.
 */
export function medianAndMedianOfSquares(a: Float64Array, count: number): [number, number] {
  if (count < RADIX_MIN) {
    const median = medianInPlace(a, count);
    for (let i = 0; i < count; i++) a[i] = Math.abs(a[i] as number);
    return [median, medianOfSquaresInPlace(a, count)];
  }
  const k = count >> 1;
  const lowest = count % 2 === 1 ? k : k - 1;
  ensureBuckets(count);
  const signed = bucket;
  const signedWords = bucketWords;
  const absolute = absBucket;
  const absoluteWords = absBucketWords;
  const words = new Int32Array(a.buffer, a.byteOffset, 2 * count);
  const shift = coarseShift(count);
  const mask = (1 << (32 - shift)) - 1;
  let minSigned = mask;
  let maxSigned = 0;
  let minAbsolute = mask;
  let maxAbsolute = 0;
  for (let i = 0; i < count; i++) {
    const high = words[2 * i + HIGH_WORD] as number;
    const d = (signedKey(high) >>> shift) & mask;
    const e = (absoluteKey(high) >>> shift) & mask;
    histogram[d] = (histogram[d] as number) + 1;
    absHistogram[e] = (absHistogram[e] as number) + 1;
    minSigned = Math.min(minSigned, d);
    maxSigned = Math.max(maxSigned, d);
    minAbsolute = Math.min(minAbsolute, e);
    maxAbsolute = Math.max(maxAbsolute, e);
  }
  const s = digitRange(histogram, minSigned, maxSigned, lowest, k);
  const r = digitRange(absHistogram, minAbsolute, maxAbsolute, lowest, k);
  let ms = 0;
  let mr = 0;
  for (let i = 0; i < count; i++) {
    const high = words[2 * i + HIGH_WORD] as number;
    const value = a[i] as number;
    signed[ms] = value;
    ms += isWithin((signedKey(high) >>> shift) & mask, s.first, s.last);
    absolute[mr] = Math.abs(value);
    mr += isWithin((absoluteKey(high) >>> shift) & mask, r.first, r.last);
  }
  middleOfBucket(signed, signedWords, ms, s.below, s.first === s.last, shift, lowest, k);
  const median = middleMedian(count);
  middleOfBucket(absolute, absoluteWords, mr, r.below, r.first === r.last, shift, lowest, k);
  return [median, middleMedianOfSquares(count)];
}

/** ⌊log₂ count⌋ within [min, max]: bits of a digit for about one value a histogram slot. */
const digitBits = (count: number, min: number, max: number) =>
  Math.min(max, Math.max(min, 31 - Math.clz32(count)));

/** The order-preserving key of a double's high word `high` (see {@link middleByRadix}). */
const signedKey = (high: number) => high ^ ((high >> 31) | SIGN);
/** The key of the absolute value of the double whose high word is `high`. */
const absoluteKey = (high: number) => high | SIGN;

/** Which digits hold ranks `lowest` … k, and how many values are below: from a histogram. */
type DigitRange = { first: number; last: number; below: number };

/**
 * The digits of histogram `h` (counts of digits minDigit … maxDigit, zero elsewhere) that hold
 * ranks `lowest` … k, and how many values lie below them; clears the slots used.
 */
function digitRange(
  h: Uint32Array,
  minDigit: number,
  maxDigit: number,
  lowest: number,
  k: number,
): DigitRange {
  let digit = minDigit;
  let below = 0;
  while (below + (h[digit] as number) <= lowest) below += h[digit++] as number;
  const first = digit;
  let through = below + (h[digit] as number);
  while (through <= k) through += h[++digit] ?? 0;
  h.fill(0, minDigit, maxDigit + 1);
  return { first, last: digit, below };
}

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
    const d = (signedKey(words[2 * i + HIGH_WORD] as number) >>> shift) & mask;
    histogram[d] = (histogram[d] as number) + 1;
    minDigit = Math.min(minDigit, d);
    maxDigit = Math.max(maxDigit, d);
  }
  const { first, last, below } = digitRange(histogram, minDigit, maxDigit, lowest, k);
  let m = 0;
  for (let i = 0; i < count; i++) {
    const d = (signedKey(words[2 * i + HIGH_WORD] as number) >>> shift) & mask;
    out[m] = a[i] as number;
    m += isWithin(d, first, last);
  }
  return { count: m, below, isOneBucket: first === last };
}

/** 1 when first ≤ d ≤ last (neither difference negative), else 0, without a branch. */
const isWithin = (d: number, first: number, last: number) => ~((d - first) | (last - d)) >>> 31;

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
