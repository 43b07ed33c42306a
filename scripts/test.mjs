#!/usr/bin/env node
// `npm test`: everything a change can break, in order of speed: Debian's Chromium (installed when
// missing), types, lint, the house rules (scripts/check-layers.ts), unit and API tests (embedded
// database), then the browser journeys; with TEST_DATABASE_URL set, the API tests run again on
// PostgreSQL and Node 24 beside the journeys, with the tests that need no database (the journeys
// wait on the browser often enough that the two share a 2-core machine; docs/testing.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** The vitest projects whose tests open the test database: they run on both engines. */
const DATABASE_PROJECTS = ['server', 'server-isolated', 'server-matrix'];
/** The others, which the engine does not change: with PostgreSQL they run once, on Node 24. */
const DATABASE_FREE_PROJECTS = ['contract', 'analytics', 'demo-data', 'scripts', 'server-no-database', 'web'];
const projects = (names) => names.flatMap((name) => ['--project', name]);
const sequential = [
  // first: the API tests capture pages in Chromium too, not only the journeys
  ['Chromium for the tests', 'node', ['scripts/ensure-chromium.mjs']],
  ['types', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['biome', 'check', '--error-on-warnings', '.']],
  // the floors and doors of docs/ARCHITECTURE.md, read from the imports
  ['house rules', 'npx', ['tsx', 'scripts/check-layers.ts', '--counts']],
  [
    withPostgres
      ? 'API tests on the embedded database (the others in the second pass)'
      : 'unit and API tests',
    'npx',
    ['vitest', 'run', ...(withPostgres ? projects(DATABASE_PROJECTS) : [])],
    { TEST_DATABASE_URL: '' },
  ],
];
// The second pass runs the database tests again on PostgreSQL, and with them the tests that need
// no database, all on the newest Node line (24, from the npm registry's `node` package): every test
// runs on Node 24 and every database test on both engines, and no test twice where the engine
// changes nothing (docs/testing.md).
const postgres = [
  'unit and API tests on PostgreSQL and Node 24',
  'npx',
  [
    '-y',
    'node@24',
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...projects([...DATABASE_PROJECTS, ...DATABASE_FREE_PROJECTS]),
  ],
  {},
];
const journeys = ['browser journeys', 'npm', ['run', 'test:e2e']];
/** Playwright's JSON report of the journeys (JOURNEY_REPORT in playwright.config.ts). */
const JOURNEY_REPORT = path.join(root, 'playwright-report/journeys.json');

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s since the start`;

for (const [name, command, args, env = {}] of sequential) {
  console.log(`\n== ${name} (${elapsed()})`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: withEnv(env) });
  if (result.status !== 0) fail(name, result.status);
}

const beside = withPostgres ? runToLog(postgres) : null;
if (beside) console.log(`\n== ${postgres[0]} (beside the journeys; output in ${beside.log})`);
console.log(`\n== ${journeys[0]} (${elapsed()})`);
fs.rmSync(JOURNEY_REPORT, { force: true }); // an earlier run's, which a run that never starts would leave
const journeysResult = spawnSync(journeys[1], journeys[2], { cwd: root, stdio: 'inherit', env: withEnv() });
console.log(`\n== ${journeys[0]} ended (${elapsed()})`);
if (beside) {
  const status = await beside.done;
  console.log(`\n== ${postgres[0]}: output (ended ${elapsed()})`);
  process.stdout.write(fs.readFileSync(beside.log, 'utf8'));
  if (status !== 0) fail(postgres[0], status);
}
printJourneySummary();
if (journeysResult.status !== 0) fail(journeys[0], journeysResult.status);
console.log(`\nAll checks passed (${elapsed()}).`);

/**
 * The journeys that failed or passed only on their retry, with the first line of each error: the
 * last lines of the output are what a CI log shows, and the journeys' own summary scrolls away
 * under the PostgreSQL pass's output.
 */
function printJourneySummary() {
  if (!fs.existsSync(JOURNEY_REPORT)) return;
  const tests = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) tests.push({ title: `${file} › ${spec.title}`, ...test });
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of JSON.parse(fs.readFileSync(JOURNEY_REPORT, 'utf8')).suites ?? [])
    walk(suite, suite.title);
  const listed = tests.filter((test) => test.status === 'unexpected' || test.status === 'flaky');
  if (listed.length === 0) return;
  console.log('\n== browser journeys that failed or passed only on their retry');
  for (const test of listed) {
    const firstError = test.results?.find((result) => result.error)?.error?.message ?? '';
    const reason = stripVTControlCharacters(firstError).split('\n')[0];
    console.log(`${test.status === 'flaky' ? 'flaky ' : 'FAILED'} ${test.title}\n       ${reason}`);
  }
}

function withEnv(env = {}) {
  return { ...process.env, ...env };
}

/** Starts a step with its output going to a file, so that it does not interleave with the journeys'. */
function runToLog([name, command, args, env]) {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-test-')), 'output.log');
  const out = fs.openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: withEnv(env) });
  const done = new Promise((resolve) => {
    child.on('error', (error) => {
      fs.appendFileSync(log, `${name} did not start: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
  return { log, done };
}

function fail(name, status) {
  console.error(`\nFAILED: ${name}`);
  process.exit(status ?? 1);
}
