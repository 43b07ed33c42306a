/**
 * Runs the benchmarks of DESIGN §5, prints a table, writes
 * bench/results/<name>.json and rewrites the table in bench/README.md between its markers.
 * Exits 1 when a budget is missed. Usage: npm run bench.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixationsBench, peaksBench } from './fixations-bench.js';
import { heatmapBench } from './heatmap-bench.js';
import { ingestionBench } from './ingestion.js';
import { jobQueueBench } from './job-queue.js';
import { loadBench } from './load.js';
import { BENCH_DIR, machine } from './machine.js';
import { metricsBench } from './metrics-bench.js';
import { participantEndpointBench } from './participant-endpoint.js';
import type { BenchRow } from './row.js';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const rows: BenchRow[] = [];
const benches: Array<() => BenchRow[] | Promise<BenchRow[]>> = [
  heatmapBench,
  fixationsBench,
  peaksBench,
  metricsBench,
  participantEndpointBench,
  ingestionBench,
  jobQueueBench,
  loadBench,
];
for (const bench of benches) {
  const got = await bench();
  for (const r of got)
    console.log(
      `${r.isMet ? 'ok  ' : 'MISS'} ${r.name}: ${r.value}${r.budget ? ` (budget ${r.budget})` : ''}`,
    );
  rows.push(...got);
}
const m = machine();
/** A pipe inside a cell ("ours | pg-boss") would end it. */
const cell = (text: string) => text.replaceAll('|', '\\|');
const table = [
  `Measured ${m.date.slice(0, 10)} on ${m.cpu} (${m.cores} cores), Node ${m.node}.`,
  '',
  '| benchmark | result | budget | met |',
  '| --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${cell(r.name)} | ${cell(r.value)} | ${cell(r.budget) || '—'} | ${r.budget ? (r.isMet ? 'yes' : '**no**') : ''} |`,
  ),
  ...rows.filter((r) => r.note).map((r) => `\n${r.note}.`),
].join('\n');
console.log(`\n${table}`);
const readme = join(BENCH_DIR, 'README.md');
const text = readFileSync(readme, 'utf8');
const a = text.indexOf(START);
const b = text.indexOf(END);
if (a >= 0 && b > a) writeFileSync(readme, `${text.slice(0, a + START.length)}\n${table}\n${text.slice(b)}`);
if (rows.some((r) => !r.isMet)) process.exit(1);
