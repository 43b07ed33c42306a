/**
 * Small, fast, seeded pseudo-random numbers. sfc32 (Chris Doty-Humphrey's Small Fast Counting
 * generator, 128-bit state, passes PractRand) seeded through splitmix32, so that nearby seeds
 * (1, 2, 3 …) give unrelated streams. Not for cryptography.
 */

/** splitmix32 step: a well-mixed 32-bit value from any 32-bit input. */
export function mix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Any safe integer seed as 32 bits, mixing in the high part so that seeds 2^32 apart differ.
 * Throws on non-integers: 1.5 and 1 would otherwise silently be the same participant.
 */
export function normalizeSeed(seed: number): number {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  return mix32((seed >>> 0) ^ mix32(Math.floor(seed / 4294967296) >>> 0));
}

/** Derives a child seed from a seed and a label or index: independent streams per purpose. */
export function deriveSeed(seed: number, salt: number | string): number {
  let h = mix32(seed >>> 0);
  if (typeof salt === 'number') return mix32(h ^ mix32(salt >>> 0));
  for (let i = 0; i < salt.length; i++) h = mix32(h ^ salt.charCodeAt(i));
  return h;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare = Number.NaN;

  constructor(seed: number) {
    const s = seed >>> 0;
    this.a = mix32(s);
    this.b = mix32(s ^ 0x6a09e667);
    this.c = mix32(s ^ 0xbb67ae85);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** sfc32: the next unsigned 32-bit integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Standard normal (Marsaglia polar method; the second value is kept for the next call). */
  gaussian(): number {
    if (!Number.isNaN(this.spare)) {
      const value = this.spare;
      this.spare = Number.NaN;
      return value;
    }
    let u = 0;
    let v = 0;
    let s = 0;
    do {
      u = this.next() * 2 - 1;
      v = this.next() * 2 - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * f;
    return u * f;
  }

  normal(mean: number, sd: number): number {
    return mean + sd * this.gaussian();
  }

  /** Normal clamped into [min, max]. */
  clampedNormal(mean: number, sd: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, this.normal(mean, sd)));
  }

  /** Log-normal given its median and the standard deviation of its logarithm. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.gaussian());
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks an item with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** `count` distinct items in random order (partial Fisher–Yates on a copy). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  }
}
