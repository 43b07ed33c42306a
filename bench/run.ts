/**
 * Runs the benchmarks of DESIGN §5, prints a table, writes
 * bench/results/<name>.json and rewrites the table in bench/README.md between its markers.
 * Exits 1 when a budget is missed. Usage: npm run bench, or npx tsx bench/run.ts <bench>… to run
 * only some (names below, e.g. fixations): their rows replace the same rows of the README's
 * table, and a line under it says when they were measured.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { attentionBench } from './attention-bench.js';
import { erasureBench } from './erasure-bench.js';
import { faceTrackingBench } from './face-tracking.js';
import { fixationsBench, peaksBench, realLengthBench } from './fixations-bench.js';
import { heatmapBench } from './heatmap-bench.js';
import { ingestionBench } from './ingestion.js';
import { insightsPdfBench } from './insights-pdf-bench.js';
import { jobQueueBench } from './job-queue.js';
import { loadBench } from './load.js';
import { BENCH_DIR, machine } from './machine.js';
import { metricsBench } from './metrics-bench.js';
import { pageHeatmapBench } from './page-heatmap-bench.js';
import { participantEndpointBench } from './participant-endpoint.js';
import { recordingBench } from './recording-bench.js';
import { reelBench } from './reel-bench.js';
import { resultsDataBench } from './results-data.js';
import type { BenchRow } from './row.js';
import { videoSummaryBench } from './video-summary.js';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const rows: BenchRow[] = [];
const benches: Record<string, () => BenchRow[] | Promise<BenchRow[]>> = {
  heatmap: heatmapBench,
  'page-heatmap': pageHeatmapBench,
  fixations: () => [...fixationsBench(), ...realLengthBench()],
  peaks: peaksBench,
  metrics: metricsBench,
  attention: attentionBench,
  'participant-endpoint': participantEndpointBench,
  recording: recordingBench,
  reel: reelBench,
  'results-data': resultsDataBench,
  'video-summary': videoSummaryBench,
  'insights-pdf': insightsPdfBench,
  ingestion: ingestionBench,
  'job-queue': jobQueueBench,
  erasure: erasureBench,
  load: loadBench,
  'face-tracking': faceTrackingBench,
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
for (const [name, bench] of Object.entries(benches)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
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
if (a >= 0 && b > a) {
  const replacement = chosen.length > 0 ? partialTable(text.slice(a + START.length, b).trim()) : table;
  writeFileSync(readme, `${text.slice(0, a + START.length)}\n${replacement}\n${text.slice(b)}`);
}
if (rows.some((r) => !r.isMet)) process.exit(1);

/**
 * The README's table with the rows just measured in place of the rows of the same name (new ones
 * after the last row replaced, or at the end), and a line saying which were measured when.
 */
function partialTable(current: string): string {
  const lines = current.split('\n');
  const rowOf = (r: BenchRow) =>
    `| ${cell(r.name)} | ${cell(r.value)} | ${cell(r.budget) || '—'} | ${r.budget ? (r.isMet ? 'yes' : '**no**') : ''} |`;
  const existing = rows
    .map((r) => lines.findIndex((line) => line.startsWith(`| ${cell(r.name)} |`)))
    .filter((at) => at >= 0);
  let insertAt =
    existing.length > 0 ? Math.min(...existing) : lines.findLastIndex((line) => line.startsWith('|')) + 1;
  for (const r of rows) {
    const at = lines.findIndex((line) => line.startsWith(`| ${cell(r.name)} |`));
    if (at >= 0) {
      lines[at] = rowOf(r);
      insertAt = at + 1;
    } else lines.splice(insertAt++, 0, rowOf(r));
  }
  const note = `Rows of ${chosen.join(', ')} measured ${m.date.slice(0, 10)} on ${m.cpu} (${m.cores} cores), Node ${m.node}: \`npx tsx bench/run.ts ${chosen.join(' ')}\`.`;
  const kept = lines.filter((line) => !line.startsWith(`Rows of ${chosen.join(', ')} measured`));
  return [...kept, '', note].join('\n').replace(/\n{3,}/g, '\n\n');
}
