/** A mean with its interval; `lower`/`upper` are null when n < 2 (no spread to estimate). */
export type MeanInterval = {
  /** How many finite values the mean is of. */
  n: number;
  /** NaN when n = 0. */
  mean: number;
  lower: number | null;
  upper: number | null;
  /** upper − mean, null with the bounds. */
  halfWidth: number | null;
  /** Confidence level of the bounds, e.g. 0.95. */
  level: number;
};

/**
 * The mean of the finite values (NaN and ±Infinity are skipped) and its t-based confidence
 * interval: mean ± t(1 − (1 − level)/2, n − 1) · s / √n, s the sample standard deviation (n − 1 in
 * the denominator). For emotion means and page indices shown with their participant count. With
 * n < 2 there is no interval (null bounds): one participant says nothing about the spread. Values
 * in any unit; the bounds are in the same unit. Linear time.
 */
export function meanConfidenceInterval(values: ArrayLike<number>, level = 0.95): MeanInterval {
  if (!(level > 0 && level < 1)) throw new RangeError('meanConfidenceInterval: level must lie in (0, 1)');
  let n = 0;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) continue;
    n++;
    sum += v;
  }
  const mean = n > 0 ? sum / n : Number.NaN;
  if (n < 2) return { n, mean, lower: null, upper: null, halfWidth: null, level };
  let squares = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isFinite(v)) squares += (v - mean) * (v - mean);
  }
  const standardError = Math.sqrt(squares / (n - 1) / n);
  const halfWidth = studentTQuantile(1 - (1 - level) / 2, n - 1) * standardError;
  return { n, mean, lower: mean - halfWidth, upper: mean + halfWidth, halfWidth, level };
}

/**
 * Quantile of Student's t distribution with `df` degrees of freedom (df > 0, may be fractional):
 * the t with P(T ≤ t) = p, by bisection on the distribution function to 1e-12 (≈ 80 steps).
 * The distribution function for t ≥ 0 is 1 − ½ · I_{df/(df+t²)}(df/2, ½), I the regularised
 * incomplete beta function; the distribution is symmetric about 0.
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) return Number.NaN;
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, df) < p) hi *= 2;
  for (let step = 0; step < 200 && hi - lo > 1e-12 * hi; step++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** P(T ≤ t) for Student's t with df degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  const tail = 0.5 * regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/**
 * I_x(a, b), the regularised incomplete beta function, by its continued fraction (evaluated with
 * the modified Lentz method), using the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction
 * converges slowly.
 */
function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedIncompleteBeta(1 - x, b, a);
  return (front * betaContinuedFraction(x, a, b)) / a;
}

function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = Math.abs(d) < tiny ? tiny : d;
  d = 1 / d;
  let result = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    // Even step.
    let term = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + term * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = 1 + term / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    result *= d * c;
    // Odd step.
    term = -((a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + term * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = 1 + term / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = d * c;
    result *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return result;
}

/** ln Γ(z) for z > 0 (Lanczos approximation, g = 7, nine coefficients; ≈ 15 significant digits). */
function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const g = 7;
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const w = z - 1;
  let sum = coefficients[0] as number;
  for (let i = 1; i < coefficients.length; i++) sum += (coefficients[i] as number) / (w + i);
  const t = w + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (w + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * The Wilson score interval of a share k of n (95 % by default, z = 1.96): unlike the normal
 * approximation it stays within [0, 1] and is honest at small n and at shares near 0 or 1, as in
 * '9 of 12 participants'. Null for n = 0.
 */
export function shareConfidenceInterval(
  k: number,
  n: number,
  z = 1.959963984540054,
): { share: number; lower: number; upper: number } | null {
  if (!(n > 0) || k < 0 || k > n) return null;
  const share = k / n;
  const z2 = z * z;
  const centre = (share + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n));
  // at the ends the bound is the end itself (the formula leaves a rounding error of 1e-17)
  return { share, lower: k === 0 ? 0 : centre - half, upper: k === n ? 1 : centre + half };
}
