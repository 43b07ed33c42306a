import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The journeys run against the real product (`npm start`) on a fresh data directory with the
// demo seed; they read mails from its outbox. Chromium is Debian's (scripts/ensure-chromium.mjs).
// A free port unless E2E_PORT says otherwise, so that two runs on one machine do not collide; set
// in the environment so that the workers, which load this file again, agree with the runner.
process.env.E2E_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const baseURL = `http://127.0.0.1:${port}`;
/** Read by scripts/test.mjs (JOURNEY_REPORT) to list failed and flaky journeys at the end of `npm test`. */
const JOURNEY_REPORT = 'playwright-report/journeys.json';

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry: CI's 2-core machine is shared, and a journey that misses a timeout under its load
  // passes on a second try. `npm test` lists each flaky journey at its end (docs/testing.md), so
  // that it is fixed rather than left to the retry.
  retries: 1,
  reporter: [['list'], ['json', { outputFile: JOURNEY_REPORT }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/docs/json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SEED_DEMO: '1',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      // The heatmap journey captures a page of the product itself, which is on loopback; the
      // refusal of such addresses is tested at the API (heatmaps.routes.test.ts).
      CAPTURE_ALLOW_PRIVATE_ADDRESSES: '1',
      // The background run of the demo's recordings (its own tests: demo-screen-recordings-
      // background.test.ts) would share CI's 2 cores with the journeys and the PostgreSQL pass
      // beside them, and the in-process runner takes one job at a time: a journey's AI insight
      // jobs waited behind recordings and missed their 30 s (docs/testing.md). The journeys that
      // open a recording wait for it to be made on view, as before.
      DEMO_RECORDINGS: 'on-view',
      CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    },
  },
});

function freePort(): string {
  const listen =
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })";
  return execFileSync(process.execPath, ['-e', listen], { encoding: 'utf8' }).trim();
}
