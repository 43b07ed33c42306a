/**
 * A classification as runs: maximal stretches of consecutive samples of one class (a
 * `GAZE_CLASS` value), in order, with the sums of their valid positions (px, for centroids) and
 * how many samples those sums hold (a merged fixation spans lost samples it does not sum), and
 * the largest squared speed of their samples ((degrees/s)², saccade runs). The steps after the
 * velocity pass work on runs, not samples: a recording of millions of samples has thousands.
 * Runs are not joined across a pause in the rows longer than `maxGapMs` (a recording's breaks).
 * Growable parallel typed arrays.
 */
export class GazeRuns {
  timestamp: Float64Array;
  maxGapMs: number;
  count = 0;
  kind: Uint8Array;
  first: Int32Array;
  last: Int32Array;
  sumX: Float64Array;
  sumY: Float64Array;
  summed: Float64Array;
  peak2: Float64Array;

  constructor(timestamp: Float64Array, maxGapMs: number, capacity = 256) {
    this.timestamp = timestamp;
    this.maxGapMs = maxGapMs;
    this.kind = new Uint8Array(capacity);
    this.first = new Int32Array(capacity);
    this.last = new Int32Array(capacity);
    this.sumX = new Float64Array(capacity);
    this.sumY = new Float64Array(capacity);
    this.summed = new Float64Array(capacity);
    this.peak2 = new Float64Array(capacity);
  }

  /**
   * Empties the list for the runs of another recording, keeping its arrays (the detector reuses
   * its lists from one detection to the next: allocating seven typed arrays took longer than
   * some steps on a short recording), with room for `capacity` runs (growing run by run copies
   * every array each time it doubles).
   */
  clear(timestamp: Float64Array, maxGapMs: number, capacity = 0): this {
    this.timestamp = timestamp;
    this.maxGapMs = maxGapMs;
    this.count = 0;
    this.reserve(capacity);
    return this;
  }

  /** Makes room for `more` runs beyond the current count. */
  reserve(more: number): void {
    const needed = this.count + more;
    if (needed <= this.kind.length) return;
    const capacity = Math.max(needed, 2 * this.kind.length);
    const grow = <T extends Uint8Array | Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(capacity);
      b.set(a.subarray(0, this.count));
      return b;
    };
    this.kind = grow(this.kind, (n) => new Uint8Array(n));
    this.first = grow(this.first, (n) => new Int32Array(n));
    this.last = grow(this.last, (n) => new Int32Array(n));
    this.sumX = grow(this.sumX, (n) => new Float64Array(n));
    this.sumY = grow(this.sumY, (n) => new Float64Array(n));
    this.summed = grow(this.summed, (n) => new Float64Array(n));
    this.peak2 = grow(this.peak2, (n) => new Float64Array(n));
  }

  push(
    kind: number,
    first: number,
    last: number,
    sumX: number,
    sumY: number,
    summed: number,
    peak2: number,
  ): void {
    this.reserve(1);
    const k = this.count++;
    this.kind[k] = kind;
    this.first[k] = first;
    this.last[k] = last;
    this.sumX[k] = sumX;
    this.sumY[k] = sumY;
    this.summed[k] = summed;
    this.peak2[k] = peak2;
  }

  /** Appends run k of `other`, joined to the last run when that is of its kind and ends right before it. */
  append(other: GazeRuns, k: number): void {
    this.appendAs(other, k, other.kind[k] as number);
  }

  /** Appends run k of `other` as a run of `kind` (see {@link append}). */
  appendAs(other: GazeRuns, k: number, kind: number): void {
    this.appendRun(
      kind,
      other.first[k] as number,
      other.last[k] as number,
      other.sumX[k] as number,
      other.sumY[k] as number,
      other.summed[k] as number,
      other.peak2[k] as number,
    );
  }

  /**
   * Appends runs from … to − 1 of `other` as they are: for stretches of a run list that a step
   * leaves unchanged, which never join the run before them. Copied run by run: the stretches are
   * short, and a `subarray` per array made seven typed arrays a call.
   */
  copyRange(other: GazeRuns, from: number, to: number): void {
    if (to <= from) return;
    this.reserve(to - from);
    const shift = this.count - from;
    for (let k = from; k < to; k++) {
      this.kind[k + shift] = other.kind[k] as number;
      this.first[k + shift] = other.first[k] as number;
      this.last[k + shift] = other.last[k] as number;
      this.sumX[k + shift] = other.sumX[k] as number;
      this.sumY[k + shift] = other.sumY[k] as number;
      this.summed[k + shift] = other.summed[k] as number;
      this.peak2[k + shift] = other.peak2[k] as number;
    }
    this.count += to - from;
  }

  /** A run list on the same samples, empty, with room for `capacity` runs. */
  emptyLike(capacity = this.count + 16): GazeRuns {
    return new GazeRuns(this.timestamp, this.maxGapMs, capacity);
  }

  /** Appends a run, joined to the last one when it is of the same kind and ends right before it. */
  appendRun(
    kind: number,
    first: number,
    last: number,
    sumX: number,
    sumY: number,
    summed: number,
    peak2: number,
  ): void {
    const p = this.count - 1;
    const previousLast = this.last[p] as number;
    if (
      p >= 0 &&
      this.kind[p] === kind &&
      previousLast + 1 === first &&
      (this.timestamp[first] as number) - (this.timestamp[previousLast] as number) <= this.maxGapMs
    ) {
      this.last[p] = last;
      this.sumX[p] = (this.sumX[p] as number) + sumX;
      this.sumY[p] = (this.sumY[p] as number) + sumY;
      this.summed[p] = (this.summed[p] as number) + summed;
      this.peak2[p] = Math.max(this.peak2[p] as number, peak2);
    } else this.push(kind, first, last, sumX, sumY, summed, peak2);
  }

  /** Writes every run's kind into `classes`, one fill per run. */
  writeClasses(classes: Uint8Array): void {
    for (let k = 0; k < this.count; k++)
      classes.fill(this.kind[k] as number, this.first[k] as number, (this.last[k] as number) + 1);
  }
}
