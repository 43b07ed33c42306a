/**
 * Cohen's kappa between two binary labellings of the same samples (1 = positive, anything
 * else = negative): κ = (pₒ − pₑ) / (1 − pₑ), with pₒ the observed share of agreeing samples and
 * pₑ the agreement expected by chance from each labelling's positive share. 1 is perfect
 * agreement, 0 chance level, negative worse than chance. When both labellings are constant and
 * equal (pₑ = 1) the answer is 1; constant and different gives 0. Empty input gives NaN.
 * Linear time.
 */
export function cohensKappa(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError('cohensKappa: labellings differ in length');
  const n = a.length;
  if (n === 0) return Number.NaN;
  let both = 0;
  let onlyA = 0;
  let onlyB = 0;
  for (let i = 0; i < n; i++) {
    const pa = a[i] === 1;
    const pb = b[i] === 1;
    if (pa && pb) both++;
    else if (pa) onlyA++;
    else if (pb) onlyB++;
  }
  const neither = n - both - onlyA - onlyB;
  const po = (both + neither) / n;
  const ra = (both + onlyA) / n;
  const rb = (both + onlyB) / n;
  const pe = ra * rb + (1 - ra) * (1 - rb);
  if (pe === 1) return po === 1 ? 1 : 0;
  return (po - pe) / (1 - pe);
}
