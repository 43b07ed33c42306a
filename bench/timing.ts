/** Wall and CPU time of one call, ms. */
export function time(fn: () => unknown): { wall: number; cpu: number } {
  const c = process.cpuUsage();
  const s = performance.now();
  fn();
  const wall = performance.now() - s;
  const u = process.cpuUsage(c);
  return { wall, cpu: (u.user + u.system) / 1000 };
}

/** Median of `runs` timed calls after `warmup` untimed ones (JIT tiers settle first). */
export function measure(
  fn: () => unknown,
  runs = 7,
  warmup = 3,
): { wallMs: number; cpuMs: number; minWallMs: number } {
  for (let i = 0; i < warmup; i++) fn();
  const samples = Array.from({ length: runs }, () => time(fn));
  const med = (v: number[]): number => {
    const s = [...v].sort((a, b) => a - b);
    return s[s.length >> 1] as number;
  };
  return {
    wallMs: med(samples.map((s) => s.wall)),
    cpuMs: med(samples.map((s) => s.cpu)),
    minWallMs: Math.min(...samples.map((s) => s.wall)),
  };
}
