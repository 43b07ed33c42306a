/**
 * Median of the finite values (NaN skipped), by quickselect (Hoare) on a copy: expected O(n).
 * NaN when there are none; the mean of the two middle values for an even count.
 */
export function median(values: ArrayLike<number>): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) count++;
  if (count === 0) return Number.NaN;
  const a = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isFinite(v)) a[k++] = v;
  }
  const mid = count >> 1;
  const upper = select(a, mid);
  if (count % 2 === 1) return upper;
  // After selecting `mid`, everything left of it is ≤ it: the lower middle is their maximum.
  let lower = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < mid; i++) if ((a[i] as number) > lower) lower = a[i] as number;
  return (lower + upper) / 2;
}

/** Median absolute deviation from `center` over the finite values; O(n) expected. */
export function medianAbsoluteDeviation(values: ArrayLike<number>, center: number): number {
  const d = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) d[i] = Math.abs((values[i] as number) - center);
  return median(d);
}

/** Puts the k-th smallest value at index k (partially sorting `a`) and returns it. */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1] as number;
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
