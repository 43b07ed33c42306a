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

/**
 * The medians of two lists of `count` non-negative finite values each, a[0 … count − 1] and
 * a[offset … offset + count − 1] (offset ≥ count), into out[0] and out[1]: the numbers
 * {@link medianInPlace} gives for each (the noise estimate's |Δx| and |Δy|), from one counting pass
 * and one copy pass for both. NaN for both when count is 0. May reorder a.
 */
export function mediansOfTwoMagnitudes(
  a: Float64Array,
  offset: number,
  count: number,
  out: Float64Array,
): void {
  if (count < HISTOGRAM_MIN) {
    out[0] = medianInPlace(a, count);
    a.copyWithin(0, offset, offset + count);
    out[1] = medianInPlace(a, count);
    return;
  }
  ensureBuffers(2 * count);
  const words = new Int32Array(a.buffer, a.byteOffset, 2 * (offset + count));
  const first = slotMap(words, count, DOUBLE_KEYS);
  const second = slotMap(words, count, { ...DOUBLE_KEYS, offset: 2 * offset + HIGH_WORD });
  countMagnitudeSlots(words, offset, count, first, second);
  const k = count >> 1;
  const lowest = count % 2 === 1 ? k : k - 1;
  const top = first.top;
  const rangeA = slotRangeFrom(0, lowest, k);
  const rangeB = slotRangeFrom(top + 1, lowest, k);
  histogram.fill(0, 0, 2 * top + 2);
  let ma = 0;
  let mb = 0;
  // Few values lie in the middle slots: a branch taken that rarely costs less than copying all.
  middleMarks.fill(0, 0, 2 * top + 2);
  middleMarks.fill(1, rangeA.first, rangeA.last + 1);
  middleMarks.fill(1, rangeB.first, rangeB.last + 1);
  const marks = middleMarks;
  const noted = slots;
  for (let i = 0; i < count; i++) {
    if (marks[noted[i] as number] !== 0) bucket[ma++] = a[i] as number;
    if (marks[noted[count + i] as number] !== 0) absBucket[mb++] = a[offset + i] as number;
  }
  middleOfRanks(bucket, ma, lowest - rangeA.below, k - rangeA.below);
  out[0] = middleMedian(count);
  middleOfRanks(absBucket, mb, lowest - rangeB.below, k - rangeB.below);
  out[1] = middleMedian(count);
}

/**
 * Counts the magnitude slots of the two lists of {@link mediansOfTwoMagnitudes}: the first's in
 * histogram slots 0 … top and slots[0 …], the second's in top + 1 … 2·top + 1 and slots[count …].
 * Both maps have the same top (the same count).
 */
function countMagnitudeSlots(words: Int32Array, offset: number, count: number, a: SlotMap, b: SlotMap): void {
  const top = a.top;
  const { base: baseA, shift: shiftA } = a;
  const { base: baseB, shift: shiftB } = b;
  // Module constants and buffers read once: the loop reads its locals only.
  const h = histogram;
  const noted = slots;
  let at = HIGH_WORD;
  let atB = 2 * offset + HIGH_WORD;
  for (let i = 0; i < count; i++, at += 2, atB += 2) {
    const slotA = magnitudeSlotOfWord(words[at] as number, baseA, shiftA, top);
    const slotB = top + 1 + magnitudeSlotOfWord(words[atB] as number, baseB, shiftB, top);
    h[slotA] = (h[slotA] as number) + 1;
    h[slotB] = (h[slotB] as number) + 1;
    noted[i] = slotA;
    noted[count + i] = slotB;
  }
}

/** The magnitude slot (0 … top) of the value whose (high) word is `key` ({@link SlotMap}). No branch. */
function magnitudeSlotOfWord(key: number, base: number, shift: number, top: number): number {
  const slot = ((key & 0x7fffffff) - base) >> shift; // ~SIGN as a literal: no module read a value
  const atLeastZero = slot & ~(slot >> 31);
  const over = atLeastZero - top;
  return top + (over & (over >> 31));
}

/** The slots from `start` up that hold ranks `lowest` … k of the values counted there. */
function slotRangeFrom(start: number, lowest: number, k: number): SlotRange {
  let slot = start;
  let below = 0;
  while (below + (histogram[slot] as number) <= lowest) below += histogram[slot++] as number;
  const first = slot;
  let through = below + (histogram[slot] as number);
  while (through <= k) through += histogram[++slot] as number;
  return { first, last: slot, below };
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
  const distinct = countFourDistinct(a, count, same) || countFewDistinct(a, count, same);
  return distinct === 0 ? Number.NaN : medianOfCounted(distinct, count);
}

/**
 * The median of the finite differences values[i] − values[i − 1], i = 1, 1 + stride, 1 + 2·stride …
 * (a recording's sample intervals) when they take at most four distinct values, counted as they are
 * made in one pass without a branch on which value each is (as {@link countFourDistinct}): the
 * number {@link medianOfFewDistinct} gives on the differences. NaN when there are more, or none.
 */
export function medianOfFewDifferences(values: Float64Array, stride: number): number {
  let v0 = Number.NaN;
  let v1 = Number.NaN;
  let v2 = Number.NaN;
  let v3 = Number.NaN;
  let c0 = 0;
  let c1 = 0;
  let c2 = 0;
  let c3 = 0;
  let distinct = 0;
  for (let i = 1; i < values.length; i += stride) {
    const v = (values[i] as number) - (values[i - 1] as number);
    if (!Number.isFinite(v)) continue;
    const e0 = +(v === v0);
    const e1 = +(v === v1);
    const e2 = +(v === v2);
    const e3 = +(v === v3);
    c0 += e0;
    c1 += e1;
    c2 += e2;
    c3 += e3;
    if ((e0 | e1 | e2 | e3) !== 0) continue;
    // A new value (NaN never equals: the unused ones match nothing).
    if (distinct === 0) {
      v0 = v;
      c0 = 1;
    } else if (distinct === 1) {
      v1 = v;
      c1 = 1;
    } else if (distinct === 2) {
      v2 = v;
      c2 = 1;
    } else if (distinct === 3) {
      v3 = v;
      c3 = 1;
    } else return Number.NaN;
    distinct++;
  }
  if (distinct === 0) return Number.NaN;
  storeCounted(v0, v1, v2, v3, c0, c1, c2, c3);
  return medianOfCounted(distinct, c0 + c1 + c2 + c3);
}

/**
 * The median of values counted by their distinct values elsewhere (as {@link countFourDistinct}):
 * `distinct` (1 to 4) values in counted[0 …] and their counts in counted[4 …]; the number
 * {@link medianOfFewDistinct} gives on the values.
 */
export function medianOfFourCounted(counted: Float64Array, distinct: number): number {
  for (let j = 0; j < 4; j++) {
    distinctValues[j] = counted[j] as number;
    distinctCounts[j] = counted[4 + j] as number;
  }
  let count = 0;
  for (let j = 0; j < distinct; j++) count += distinctCounts[j] as number;
  return medianOfCounted(distinct, count);
}

/** The four values and counts of the distinct-value counters into distinctValues and distinctCounts. */
function storeCounted(
  v0: number,
  v1: number,
  v2: number,
  v3: number,
  c0: number,
  c1: number,
  c2: number,
  c3: number,
): void {
  distinctValues[0] = v0;
  distinctValues[1] = v1;
  distinctValues[2] = v2;
  distinctValues[3] = v3;
  distinctCounts[0] = c0;
  distinctCounts[1] = c1;
  distinctCounts[2] = c2;
  distinctCounts[3] = c3;
}

/** The median of `count` values from the first `distinct` of distinctValues and their counts. */
function medianOfCounted(distinct: number, count: number): number {
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

/**
 * Counts the distinct values of a[0] … a[count − 1], whose first `same` are equal, into
 * distinctValues and distinctCounts in the order first seen; answers how many there are, or 0
 * when more than four. Each value is compared with all four without a branch (which of a
 * period's roundings comes next follows no pattern a branch predictor learns).
 */
function countFourDistinct(a: Float64Array, count: number, same: number): number {
  const v0 = a[0] as number;
  let v1 = Number.NaN;
  let v2 = Number.NaN;
  let v3 = Number.NaN;
  let c0 = same;
  let c1 = 0;
  let c2 = 0;
  let c3 = 0;
  let distinct = 1;
  for (let i = same; i < count; i++) {
    const v = a[i] as number;
    const e0 = +(v === v0);
    const e1 = +(v === v1);
    const e2 = +(v === v2);
    const e3 = +(v === v3);
    c0 += e0;
    c1 += e1;
    c2 += e2;
    c3 += e3;
    if ((e0 | e1 | e2 | e3) === 0) {
      // A new value (NaN never equals: the unused ones match nothing).
      if (distinct === 1) v1 = v;
      else if (distinct === 2) v2 = v;
      else if (distinct === 3) v3 = v;
      else return 0;
      i--;
      distinct++;
    }
  }
  storeCounted(v0, v1, v2, v3, c0, c1, c2, c3);
  return distinct;
}

/** {@link countFourDistinct} for up to 8 distinct values, by a search among those seen; 0 when more. */
function countFewDistinct(a: Float64Array, count: number, same: number): number {
  distinctValues[0] = a[0] as number;
  distinctCounts[0] = same;
  let distinct = 1;
  for (let i = same; i < count; i++) {
    const v = a[i] as number;
    let j = 0;
    while (j < distinct && distinctValues[j] !== v) j++;
    if (j === distinct) {
      if (distinct === FEW_DISTINCT) return 0;
      distinctValues[distinct] = v;
      distinctCounts[distinct++] = 0;
    }
    distinctCounts[j] = (distinctCounts[j] as number) + 1;
  }
  return distinct;
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
  if (count < HISTOGRAM_MIN) middleOfRanks(a, count, lowest, k);
  else middleByHistogram(a, count, lowest, k);
}

/** Below this many values a selection alone is as fast. */
const HISTOGRAM_MIN = 256;
/** Index of a double's high 32 bits (sign, exponent, top of the mantissa) in an Int32Array view. */
const HIGH_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
/** The sign bit of a high word. */
const SIGN = 1 << 31;
/** At most 2¹⁴ + 1 slots: their number must fit the Uint16Array of slots. */
const MAX_SLOT_BITS = 14;
/** Values whose magnitudes set the slots. */
const SAMPLE = 64;
/** Zero between calls (each clears the slots it used). */
const histogram = new Uint32Array((1 << MAX_SLOT_BITS) + 1);
/** The values a histogram pass keeps, and each value's slot: reused like the scratch. */
let bucket = new Float64Array(1 << 12);
let absBucket = new Float64Array(1 << 12);
let slots = new Uint16Array(1 << 12);

/**
 * The middle values by a histogram of the doubles' slots ({@link SlotMap}): the slots of the
 * middle ranks hold a few values, which are copied out for a selection among them. The passes have
 * no data-dependent branch, where a partition's comparisons go either way at random on real data.
 * Leaves a as it is.
 */
function middleByHistogram(a: Float64Array, count: number, lowest: number, k: number): void {
  ensureBuffers(count);
  const words = new Int32Array(a.buffer, a.byteOffset, 2 * count);
  const map = slotMap(words, count, DOUBLE_KEYS);
  const negative = countDoubleSlots(words, count, map);
  const range = signedSlotRange(histogram, map.top, lowest, k, negative);
  clearHistogram(map);
  let m = 0;
  for (let i = 0; i < count; i++) {
    bucket[m] = a[i] as number;
    m += isWithin(slots[i] as number, range.first, range.last);
  }
  middleOfRanks(bucket, m, lowest - range.below, k - range.below);
}

/**
 * Makes the buffers of {@link middleByHistogram} hold `count` values: like the scratch, shared up
 * to SHARED_MAX values, their own for a longer median. Read as module variables after the call: a
 * returned tuple, destructured, deoptimised its caller on about one call in thirty (no type
 * feedback for the iteration).
 */
function ensureBuffers(count: number): void {
  if (count > SHARED_MAX || bucket.length < count || bucket.length > SHARED_MAX) {
    const size = count > SHARED_MAX ? count : Math.min(SHARED_MAX, Math.max(count, 2 * bucket.length));
    bucket = new Float64Array(size);
    absBucket = new Float64Array(size);
    slots = new Uint16Array(size);
  }
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
 * pass for both (a signed slot gives the magnitude slot). May reorder a and replace it by its
 * absolute values. NaN for both when count is 0.
 */
export function medianAndMedianOfSquares(a: Float64Array, count: number): [number, number] {
  if (count < HISTOGRAM_MIN) {
    const median = medianInPlace(a, count);
    for (let i = 0; i < count; i++) a[i] = Math.abs(a[i] as number);
    return [median, medianOfSquaresInPlace(a, count)];
  }
  ensureBuffers(count);
  const words = new Int32Array(a.buffer, a.byteOffset, 2 * count);
  const map = slotMap(words, count, DOUBLE_KEYS);
  return pairFromSlots(a, count, map, countDoubleSlots(words, count, map), count);
}

/**
 * {@link medianAndMedianOfSquares} of the finite values of `values` (NaN and ±Infinity skipped),
 * read where they are: no copy. NaN for both when none is finite.
 */
export function finiteMedianAndMedianOfSquares(values: Float32Array): [number, number] {
  const n = values.length;
  if (n < HISTOGRAM_MIN) {
    const a = medianScratch(n);
    let count = 0;
    for (let i = 0; i < n; i++) if (Number.isFinite(values[i])) a[count++] = values[i] as number;
    return medianAndMedianOfSquares(a, count);
  }
  ensureBuffers(n);
  const words = new Int32Array(values.buffer, values.byteOffset, n);
  const map = slotMap(words, n, FLOAT_KEYS);
  const { negative, finite } = countFloatSlots(words, n, map);
  return pairFromSlots(values, n, map, negative, finite);
}

/**
 * {@link finiteMedianAndMedianOfSquares} of two Float32Arrays of one length at once (a velocity's
 * two components), into out[0], out[1] (a's) and out[2], out[3] (b's): one counting pass and one
 * copy pass for both.
 */
export function finiteMediansAndMediansOfSquaresOfTwo(
  a: Float32Array,
  b: Float32Array,
  out: Float64Array,
): void {
  const n = a.length;
  if (n < HISTOGRAM_MIN || b.length !== n) {
    const [medianA, ofSquaresA] = finiteMedianAndMedianOfSquares(a);
    out[0] = medianA;
    out[1] = ofSquaresA;
    const [medianB, ofSquaresB] = finiteMedianAndMedianOfSquares(b);
    out[2] = medianB;
    out[3] = ofSquaresB;
    return;
  }
  ensureBuffers(2 * n);
  const wordsA = new Int32Array(a.buffer, a.byteOffset, n);
  const wordsB = new Int32Array(b.buffer, b.byteOffset, n);
  const mapA = slotMap(wordsA, n, FLOAT_KEYS);
  const mapB = slotMap(wordsB, n, FLOAT_KEYS);
  countFloatSlotsOfTwo(wordsA, wordsB, n, mapA, mapB);
  const top = mapA.top;
  const finiteA = tallies[FINITE_A] as number;
  const finiteB = tallies[FINITE_B] as number;
  const kA = finiteA >> 1;
  const kB = finiteB >> 1;
  const lowestA = finiteA % 2 === 1 ? kA : kA - 1;
  const lowestB = finiteB % 2 === 1 ? kB : kB - 1;
  // With no finite value the ranges are empty (first > last) and the medians NaN.
  const empty: SlotRange = { first: 1, last: 0, below: 0 };
  const signedA =
    finiteA > 0 ? signedSlotRange(histogram, top, lowestA, kA, tallies[NEGATIVE_A] as number) : empty;
  const magnitudeA = finiteA > 0 ? magnitudeSlotRange(histogram, top, lowestA, kA) : empty;
  const signedB =
    finiteB > 0 ? signedSlotRange(histogramB, top, lowestB, kB, tallies[NEGATIVE_B] as number) : empty;
  const magnitudeB = finiteB > 0 ? magnitudeSlotRange(histogramB, top, lowestB, kB) : empty;
  histogram.fill(0, 0, 2 * top + 3);
  histogramB.fill(0, 0, 2 * top + 3);
  markMiddleSlots(middleMarks, top, signedA, magnitudeA);
  markMiddleSlots(middleMarksB, top, signedB, magnitudeB);
  let msA = 0;
  let mrA = 0;
  let msB = n;
  let mrB = n;
  // Few values lie in the middle slots: a branch taken that rarely costs less than copying all.
  const marksA = middleMarks;
  const marksB = middleMarksB;
  const noted = slots;
  for (let i = 0; i < n; i++) {
    const markA = marksA[noted[i] as number] as number;
    if (markA !== 0) {
      const value = a[i] as number;
      if (markA & SIGNED_MIDDLE) bucket[msA++] = value;
      if (markA & MAGNITUDE_MIDDLE) absBucket[mrA++] = Math.abs(value);
    }
    const markB = marksB[noted[n + i] as number] as number;
    if (markB !== 0) {
      const value = b[i] as number;
      if (markB & SIGNED_MIDDLE) bucket[msB++] = value;
      if (markB & MAGNITUDE_MIDDLE) absBucket[mrB++] = Math.abs(value);
    }
  }
  out[0] = out[1] = out[2] = out[3] = Number.NaN;
  if (finiteA > 0) {
    middleOfRanksAt(bucket, 0, msA, lowestA - signedA.below, kA - signedA.below);
    out[0] = middleMedian(finiteA);
    middleOfRanksAt(absBucket, 0, mrA, lowestA - magnitudeA.below, kA - magnitudeA.below);
    out[1] = middleMedianOfSquares(finiteA);
  }
  if (finiteB > 0) {
    middleOfRanksAt(bucket, n, msB - n, lowestB - signedB.below, kB - signedB.below);
    out[2] = middleMedian(finiteB);
    middleOfRanksAt(absBucket, n, mrB - n, lowestB - magnitudeB.below, kB - magnitudeB.below);
    out[3] = middleMedianOfSquares(finiteB);
  }
}

/** Per signed slot: whether it holds middle ranks of the values, of their magnitudes; zero between calls. */
const middleMarks = new Uint8Array((1 << MAX_SLOT_BITS) + 1);
const middleMarksB = new Uint8Array((1 << MAX_SLOT_BITS) + 1);
const SIGNED_MIDDLE = 1;
const MAGNITUDE_MIDDLE = 2;

/** Marks the signed slots of `signed` and those of the magnitude slots of `magnitude` (both signs). */
function markMiddleSlots(marks: Uint8Array, top: number, signed: SlotRange, magnitude: SlotRange): void {
  marks.fill(0, 0, 2 * top + 3);
  for (let slot = signed.first; slot <= signed.last; slot++) marks[slot] = SIGNED_MIDDLE;
  for (let m = magnitude.first; m <= magnitude.last; m++) {
    marks[top + 1 + m] = (marks[top + 1 + m] as number) | MAGNITUDE_MIDDLE;
    marks[top - m] = (marks[top - m] as number) | MAGNITUDE_MIDDLE;
  }
}

/** What {@link countFloatSlotsOfTwo} counted: finite and negative finite values of each array. */
const tallies = new Float64Array(4);
const FINITE_A = 0;
const NEGATIVE_A = 1;
const FINITE_B = 2;
const NEGATIVE_B = 3;
/** The second array's histogram in {@link finiteMediansAndMediansOfSquaresOfTwo}; zero between calls. */
const histogramB = new Uint32Array((1 << MAX_SLOT_BITS) + 1);

/**
 * {@link countFloatSlots} of two arrays of floats in one loop: a's slots into the histogram and
 * slots[0 …], b's into histogramB and slots[count …] (maps of the same top); the tallies into
 * {@link tallies}, from the histograms. Values that are not finite are rare (lost samples, the
 * recording's ends): a branch for them costs less than arithmetic on every value.
 */
function countFloatSlotsOfTwo(
  a: Int32Array,
  b: Int32Array,
  count: number,
  mapA: SlotMap,
  mapB: SlotMap,
): void {
  const top = mapA.top;
  const notFinite = 2 * top + 2;
  const infinite = FLOAT_KEYS.infinite;
  const { base: baseA, shift: shiftA } = mapA;
  const { base: baseB, shift: shiftB } = mapB;
  const h = histogram;
  const hB = histogramB;
  const noted = slots;
  for (let i = 0; i < count; i++) {
    const keyA = a[i] as number;
    const slotA = (keyA & infinite) === infinite ? notFinite : slotOfWord(keyA, baseA, shiftA, top);
    h[slotA] = (h[slotA] as number) + 1;
    noted[i] = slotA;
    const keyB = b[i] as number;
    const slotB = (keyB & infinite) === infinite ? notFinite : slotOfWord(keyB, baseB, shiftB, top);
    hB[slotB] = (hB[slotB] as number) + 1;
    noted[count + i] = slotB;
  }
  tallies[FINITE_A] = count - (histogram[notFinite] as number);
  tallies[NEGATIVE_A] = countBelow(histogram, top + 1);
  tallies[FINITE_B] = count - (histogramB[notFinite] as number);
  tallies[NEGATIVE_B] = countBelow(histogramB, top + 1);
}

/** How many values slots 0 … slot − 1 of a histogram hold. */
function countBelow(h: Uint32Array, slot: number): number {
  let sum = 0;
  for (let j = 0; j < slot; j++) sum += h[j] as number;
  return sum;
}

/**
 * The two medians of {@link medianAndMedianOfSquares} of the `finite` finite values of
 * values[0 … n − 1], `negative` of them with the sign bit, whose slots (by `map`) are counted and
 * noted: a copy pass for both (a signed slot gives the magnitude slot), then the selections.
 */
function pairFromSlots(
  values: Float64Array | Float32Array,
  n: number,
  map: SlotMap,
  negative: number,
  finite: number,
): [number, number] {
  const k = finite >> 1;
  const lowest = finite % 2 === 1 ? k : k - 1;
  if (finite === 0) {
    clearHistogram(map);
    return [Number.NaN, Number.NaN];
  }
  const signed = signedSlotRange(histogram, map.top, lowest, k, negative);
  const magnitude = magnitudeSlotRange(histogram, map.top, lowest, k);
  clearHistogram(map);
  let ms = 0;
  let mr = 0;
  for (let i = 0; i < n; i++) {
    const value = values[i] as number;
    const slot = slots[i] as number;
    bucket[ms] = value;
    ms += isWithin(slot, signed.first, signed.last);
    absBucket[mr] = Math.abs(value);
    mr += isWithin(magnitudeOfSlot(slot, map.top), magnitude.first, magnitude.last);
  }
  middleOfRanks(bucket, ms, lowest - signed.below, k - signed.below);
  const median = middleMedian(finite);
  middleOfRanks(absBucket, mr, lowest - magnitude.below, k - magnitude.below);
  return [median, middleMedianOfSquares(finite)];
}

/**
 * How values map to histogram slots, by the key of their magnitude: the bits of |value| (of a
 * double its high word: exponent and top of the mantissa; 31 bits, in the order of the
 * magnitudes), less `base`, shifted right by `shift`, within 0 … top; the slot of a value is
 * top + 1 + that when it is non-negative, top − that when negative (the sign bit set): 0 …
 * 2·top + 1 in the order of the values; values that are not finite go to 2·top + 2. Any map gives
 * exact results (a slot never holds a value larger than one of a higher slot); a good one leaves a
 * few values in the slots of the middle ranks.
 */
type SlotMap = { base: number; shift: number; top: number };

/**
 * Where the key of value i is in an Int32Array view of its array (step · i + offset), and the
 * exponent bits that are all set in a value that is not finite.
 */
type KeyLayout = { step: number; offset: number; infinite: number };
const DOUBLE_KEYS: KeyLayout = { step: 2, offset: HIGH_WORD, infinite: 0x7ff00000 };
const FLOAT_KEYS: KeyLayout = { step: 1, offset: 0, infinite: 0x7f800000 };

/**
 * A map for `count` values (count ≥ SAMPLE): a magnitude slot per four values (2⁶ to 2¹³: the
 * walks over the slots cost as much as the selection among the values of one),
 * spread evenly over the magnitude keys of the finite ones among 64 evenly spaced values, where
 * most of the middle values are; smaller and larger magnitudes go to the end slots.
 */
function slotMap(words: Int32Array, count: number, { step, offset, infinite }: KeyLayout): SlotMap {
  let min = ~SIGN;
  let max = 0;
  for (let j = 0; j < SAMPLE; j++) {
    const key = (words[step * Math.floor((j * count) / SAMPLE) + offset] as number) & ~SIGN;
    if ((key & infinite) === infinite) continue;
    min = Math.min(min, key);
    max = Math.max(max, key);
  }
  const top = (1 << digitBits(count >> 2, 6, MAX_SLOT_BITS - 1)) - 1;
  let shift = 0;
  while ((max - min) >> shift > top) shift++;
  return { base: min, shift, top };
}

/**
 * The slot of the value whose (high) word is `key` ({@link SlotMap}): its magnitude slot, mirrored
 * below the middle when the sign bit is set. No branch.
 */
function slotOfWord(key: number, base: number, shift: number, top: number): number {
  const slot = ((key & 0x7fffffff) - base) >> shift; // ~SIGN as a literal: no module read a value
  const atLeastZero = slot & ~(slot >> 31);
  const over = atLeastZero - top;
  const magnitude = top + (over & (over >> 31));
  return top + 1 + (magnitude ^ (key >> 31));
}

/*
 * The counting passes: each value's slot into the histogram and into `slots`. One loop per layout
 * (doubles, floats): a loop over either, with the layout as parameters, took a tenth longer.
 */

/** Counts the slots of `count` doubles (all finite) by their high words; answers how many are negative. */
function countDoubleSlots(words: Int32Array, count: number, { base, shift, top }: SlotMap): number {
  let negative = 0;
  for (let i = 0; i < count; i++) {
    const key = words[2 * i + HIGH_WORD] as number;
    const slot = slotOfWord(key, base, shift, top);
    histogram[slot] = (histogram[slot] as number) + 1;
    slots[i] = slot;
    negative += key >>> 31;
  }
  return negative;
}

/**
 * Counts the slots of `count` floats by their bits, those that are not finite in slot 2·top + 2;
 * answers how many are finite, and how many of them negative (slots 0 … top).
 */
function countFloatSlots(
  words: Int32Array,
  count: number,
  { base, shift, top }: SlotMap,
): { negative: number; finite: number } {
  const notFinite = 2 * top + 2;
  const infinite = FLOAT_KEYS.infinite;
  let negative = 0;
  let finite = 0;
  for (let i = 0; i < count; i++) {
    const key = words[i] as number;
    const isFiniteBit = ((key & infinite) - infinite) >>> 31;
    const slot = notFinite + ((slotOfWord(key, base, shift, top) - notFinite) & -isFiniteBit);
    histogram[slot] = (histogram[slot] as number) + 1;
    slots[i] = slot;
    negative += (key >>> 31) & isFiniteBit;
    finite += isFiniteBit;
  }
  return { negative, finite };
}

/** Zeroes the histogram slots a map uses. */
function clearHistogram({ top }: SlotMap): void {
  histogram.fill(0, 0, 2 * top + 3);
}

/** The magnitude slot (0 … top) of signed slot `slot`: top − slot below the middle, slot − top − 1 above. */
function magnitudeOfSlot(slot: number, top: number): number {
  const above = slot - top - 1;
  return above ^ (above >> 31);
}

/** ⌊log₂ count⌋ within [min, max]. */
const digitBits = (count: number, min: number, max: number) =>
  Math.min(max, Math.max(min, 31 - Math.clz32(count)));

/** Which slots hold ranks `lowest` … k, and how many values are below them. */
type SlotRange = { first: number; last: number; below: number };

/**
 * The slots of the histogram ({@link SlotMap}) that hold ranks `lowest` … k, when `negative`
 * values have the sign bit: walked from the middle (the smallest magnitudes, where signed middle
 * values mostly are) towards the ranks, downwards when both are negative; from slot 0 when they
 * straddle zero.
 */
function signedSlotRange(
  h: Uint32Array,
  top: number,
  lowest: number,
  k: number,
  negative: number,
): SlotRange {
  if (k < negative) return negativeSlotRange(h, top, lowest, k, negative);
  let slot = lowest >= negative ? top + 1 : 0;
  let below = lowest >= negative ? negative : 0;
  while (below + (h[slot] as number) <= lowest) below += h[slot++] as number;
  const first = slot;
  let through = below + (h[slot] as number);
  while (through <= k) through += h[++slot] as number;
  return { first, last: slot, below };
}

/** {@link signedSlotRange} when ranks `lowest` … k are among the `negative` values: walked down from slot top. */
function negativeSlotRange(
  h: Uint32Array,
  top: number,
  lowest: number,
  k: number,
  negative: number,
): SlotRange {
  let slot = top;
  let below = negative - (h[top] as number); // values below slot `slot`
  while (below > k) below -= h[--slot] as number;
  const last = slot;
  while (below > lowest) below -= h[--slot] as number;
  return { first: slot, last, below };
}

/** The magnitude slots that hold ranks `lowest` … k of the absolute values, from the signed histogram. */
function magnitudeSlotRange(h: Uint32Array, top: number, lowest: number, k: number): SlotRange {
  let slot = 0;
  let below = 0;
  while (below + magnitudeCount(h, slot, top) <= lowest) below += magnitudeCount(h, slot++, top);
  const first = slot;
  let through = below + magnitudeCount(h, slot, top);
  while (through <= k) through += magnitudeCount(h, ++slot, top);
  return { first, last: slot, below };
}

/** How many values have magnitude slot `slot`: its two signed slots. */
const magnitudeCount = (h: Uint32Array, slot: number, top: number) =>
  (h[top + 1 + slot] as number) + (h[top - slot] as number);

/** 1 when first ≤ d ≤ last (neither difference negative), else 0, without a branch. */
const isWithin = (d: number, first: number, last: number) => ~((d - first) | (last - d)) >>> 31;

/** Sets upperMiddle to rank k of a[0 … count − 1] and lowerMiddle to rank `lowest` (k or k − 1). */
function middleOfRanks(a: Float64Array, count: number, lowest: number, k: number): void {
  middleOfRanksAt(a, 0, count, lowest, k);
}

/** {@link middleOfRanks} of a[from … from + count − 1], ranks counted from `from`. */
function middleOfRanksAt(a: Float64Array, from: number, count: number, lowest: number, k: number): void {
  floydRivest(a, from + k, from, from + count - 1);
  upperMiddle = a[from + k] as number;
  if (lowest === k) return;
  // After selecting k, everything left of it is ≤ it: the lower middle is their maximum.
  let lower = Number.NEGATIVE_INFINITY;
  for (let i = from; i < from + k; i++) if ((a[i] as number) > lower) lower = a[i] as number;
  lowerMiddle = lower;
}

/**
 * Puts the k-th smallest of a[from] … a[to] at index k, the smaller ones before it: Floyd–Rivest
 * selection (1975), which partitions around pivots picked from a sample so that the part left
 * holds little more than the rank: about 1.5 n comparisons for a median against quickselect's
 * 2–3 n.
 */
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
