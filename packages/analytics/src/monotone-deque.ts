/**
 * Sliding-window minimum or maximum over indices into a value array (Lemire's monotone deque):
 * push indices in ascending order, drop those that fall out of the window from the front, read
 * the extreme in O(1). Amortised O(1) per index; the ring buffer doubles when full.
 */
export class MonotoneDeque {
  private buf = new Int32Array(64);
  private head = 0;
  private size = 0;

  /** `isMax` keeps the window maximum, otherwise the minimum, of `values`. */
  constructor(
    private readonly values: ArrayLike<number>,
    private readonly isMax: boolean,
  ) {}

  clear(): void {
    this.head = 0;
    this.size = 0;
  }

  push(index: number): void {
    const v = this.values[index] as number;
    const mask = this.buf.length - 1;
    while (this.size > 0) {
      const lastValue = this.values[this.buf[(this.head + this.size - 1) & mask] as number] as number;
      if (this.isMax ? lastValue > v : lastValue < v) break;
      this.size--;
    }
    if (this.size === this.buf.length) this.grow();
    this.buf[(this.head + this.size) & (this.buf.length - 1)] = index;
    this.size++;
  }

  /** Drops indices below `start`. */
  dropBefore(start: number): void {
    const mask = this.buf.length - 1;
    while (this.size > 0 && (this.buf[this.head] as number) < start) {
      this.head = (this.head + 1) & mask;
      this.size--;
    }
  }

  /** The extreme value of the window; NaN when empty. */
  extreme(): number {
    return this.size === 0 ? Number.NaN : (this.values[this.buf[this.head] as number] as number);
  }

  private grow(): void {
    const next = new Int32Array(this.buf.length * 2);
    const mask = this.buf.length - 1;
    for (let k = 0; k < this.size; k++) next[k] = this.buf[(this.head + k) & mask] as number;
    this.buf = next;
    this.head = 0;
  }
}
