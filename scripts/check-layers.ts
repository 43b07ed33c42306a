// `npm run check:layers` (and a step of `npm test`): the house rules of docs/ARCHITECTURE.md held
// against the code's imports. Prints each broken rule and the knots (rooms that import each
// other), and exits 1 when a rule is broken. `--counts` prints the counts only.
import path from 'node:path';
import { checkHouse } from './layers/house-rules.js';
import { readImportGraph } from './layers/import-graph.js';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_FOLDERS = [
  'packages/contract/src',
  'packages/analytics/src',
  'packages/demo-data/src',
  'apps/server/src',
  'apps/web/src',
];

const graph = readImportGraph(root, SOURCE_FOLDERS);
const report = checkHouse(graph);
const countsOnly = process.argv.includes('--counts');

const byRule = new Map<string, string[]>();
for (const { rule, text } of report.violations) byRule.set(rule, [...(byRule.get(rule) ?? []), text]);
console.log(`${graph.files.length} product files, ${graph.edges.length} imports between them`);
for (const [rule, found] of byRule) {
  console.log(`\n${rule}: ${found.length}`);
  if (!countsOnly) for (const text of found) console.log(`  ${text}`);
}
console.log(`\nrooms that import each other: ${report.mutualPairs.length}`);
if (!countsOnly) for (const [a, b] of report.mutualPairs) console.log(`  ${a} ↔ ${b}`);
if (report.violations.length > 0) {
  console.error(`\n${report.violations.length} imports break the house rules (docs/ARCHITECTURE.md).`);
  process.exit(1);
}
console.log('\nThe house rules hold.');
