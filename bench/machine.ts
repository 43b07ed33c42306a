import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const RESULTS_DIR = join(BENCH_DIR, 'results');

/** The machine a result was measured on. */
export function machine(): { cpu: string; cores: number; node: string; date: string } {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    date: new Date().toISOString(),
  };
}

/** Writes bench/results/<name>.json with the figures and the machine. */
export function writeResult(name: string, figures: Record<string, unknown>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    join(RESULTS_DIR, `${name}.json`),
    `${JSON.stringify({ name, ...figures, machine: machine() }, null, 2)}\n`,
  );
}
